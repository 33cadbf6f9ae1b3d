import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { flushSync } from 'react-dom';
import { observeWindowSize, windowScrollY, windowSize } from './window-metrics';

/**
 * A list scrolled by the window that renders only the items in and near the viewport (issue 25 §4;
 * decision 0294 says why it is ours and not @tanstack/react-virtual: 9 KB gzipped of a library
 * for what the two lists use of it, on the home page's budget).
 *
 * - Sizes are measured by a ResizeObserver (the entry the browser delivers after its layout of the
 *   frame), never read in React's commit: a read there forces a layout of the page per item. Until
 *   an item is measured its estimate stands. Sizes are kept by key, so a list that changes keeps
 *   what was measured.
 * - The window's offset and size come from its events (lib/window-metrics.ts), not from reads.
 * - An item measured above the viewport moves the page by its change of size, so what the user is
 *   looking at stays where it is (the rule @tanstack/virtual-core follows).
 */
export interface WindowListOptions {
  count: number;
  /** A stable key per index (the size cache is keyed by it). */
  getKey: (index: number) => string | number;
  /** A first guess of an item's height, px. */
  estimate: (index: number) => number;
  /** Items rendered beyond the viewport, each way. */
  overscan: number;
  /** The list's top in the page, px. */
  scrollMargin: number;
  /** Off: nothing observed, no items computed (the caller renders everything). */
  enabled: boolean;
  /** An index rendered wherever the range is (the row with focus is never unmounted). */
  keep?: number;
  /** Added to a measured element's height (space the element does not hold itself). */
  extra?: (el: Element) => number;
}

export interface WindowListItem {
  index: number;
  /** px from the list's top */
  start: number;
  end: number;
}

export interface WindowList {
  items: WindowListItem[];
  /** The list's whole height, px. */
  totalSize: number;
  /** A ref for each rendered item's element, which carries `data-index`. */
  measure: (el: Element | null) => (() => void) | undefined;
  /** Scrolls the window so that the item is in the middle of the viewport. */
  scrollToIndex: (index: number) => void;
}

interface Layout {
  /** starts[i]: item i's top from the list's top; starts[count] is the total height */
  starts: Float64Array;
  options: WindowListOptions;
  /** the first and last index rendered */
  first: number;
  last: number;
}

/** The index of the last item that starts at or before `offset` (0 when none does). */
function itemAt(starts: Float64Array, count: number, offset: number): number {
  let low = 0;
  let high = count - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid]! <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** The first and last index to render for a viewport at `top` (list coordinates) of `height` px. */
function rangeOf(starts: Float64Array, count: number, top: number, height: number, overscan: number): [number, number] {
  if (count === 0) return [0, -1];
  const from = itemAt(starts, count, top);
  let to = from;
  while (to < count - 1 && starts[to + 1]! < top + height) to++;
  return [Math.max(0, from - overscan), Math.min(count - 1, to + overscan)];
}

export function useWindowList(options: WindowListOptions): WindowList {
  const { count, getKey, estimate, overscan, scrollMargin, enabled, keep } = options;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const sizes = useRef(new Map<string | number, number>()).current;
  const scroll = useRef({ offset: windowScrollY(), height: windowSize().height, backward: false });
  const layout = useRef<Layout | null>(null);

  // The items' tops from what is measured (and estimated for the rest).
  const starts = new Float64Array(count + 1);
  if (enabled) for (let i = 0; i < count; i++) starts[i + 1] = starts[i]! + (sizes.get(getKey(i)) ?? estimate(i));
  const [first, last] = enabled ? rangeOf(starts, count, scroll.current.offset - scrollMargin, scroll.current.height, overscan) : [0, -1];
  const items: WindowListItem[] = [];
  for (let i = first; i <= last; i++) items.push({ index: i, start: starts[i]!, end: starts[i + 1]! });
  if (enabled && keep !== undefined && keep >= 0 && keep < count && (keep < first || keep > last)) {
    const kept = { index: keep, start: starts[keep]!, end: starts[keep + 1]! };
    if (keep < first) items.unshift(kept);
    else items.push(kept);
  }
  useLayoutEffect(() => {
    layout.current = { starts, options, first, last };
  });

  // A new range when the window scrolls or resizes past what is rendered.
  useEffect(() => {
    if (!enabled) return;
    const update = (sync: boolean) => {
      const l = layout.current;
      if (!l) return;
      const [from, to] = rangeOf(l.starts, l.options.count, scroll.current.offset - l.options.scrollMargin, scroll.current.height, l.options.overscan);
      if (from === l.first && to === l.last) return;
      // In the scroll event, so the frame painted next shows the rows (as the library did).
      if (sync) flushSync(rerender);
      else rerender();
    };
    const onScroll = () => {
      const offset = window.scrollY;
      scroll.current.backward = offset < scroll.current.offset;
      scroll.current.offset = offset;
      update(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // Where the window is now (it was not followed while the list was off).
    if (scroll.current.offset !== windowScrollY()) {
      scroll.current.offset = windowScrollY();
      update(false);
    }
    const stopSize = observeWindowSize((size) => {
      if (size.height === scroll.current.height) return;
      scroll.current.height = size.height;
      update(false);
    });
    return () => {
      window.removeEventListener('scroll', onScroll);
      stopSize();
    };
  }, [enabled]);

  // One observer for the list's life; each element leaves it when it unmounts (the ref's cleanup).
  const observer = useRef<ResizeObserver | null>(null);
  const getObserver = () =>
    (observer.current ??= new ResizeObserver((entries) => {
      const l = layout.current;
      if (!l) return;
      const measured: Array<{ index: number; size: number }> = [];
      for (const entry of entries) {
        const el = entry.target;
        const index = Number(el.getAttribute('data-index'));
        if (!el.isConnected || !(index >= 0 && index < l.options.count)) continue;
        const box = entry.borderBoxSize[0];
        const height = box ? Math.round(box.blockSize) : (el as HTMLElement).offsetHeight;
        measured.push({ index, size: height + (l.options.extra?.(el) ?? 0) });
      }
      measured.sort((a, b) => a.index - b.index);
      // Where the window is now, not as of its last scroll event: a scroll made since (the page
      // restoring its place, a scroll to an item) has not sent its event yet, and an adjustment
      // from the old place would move the page back there. After the frame's layout (where the
      // observer reports) the read costs no layout of its own.
      scroll.current.offset = window.scrollY;
      const top = scroll.current.offset - l.options.scrollMargin;
      let shift = 0;
      let adjust = 0;
      for (const { index, size } of measured) {
        const key = l.options.getKey(index);
        const before = sizes.get(key);
        const old = before ?? l.starts[index + 1]! - l.starts[index]!;
        const delta = size - old;
        if (delta === 0) continue;
        const start = l.starts[index]! + shift;
        // First measure: any item starting above the viewport's top. Again: only an item wholly
        // above it, and not while scrolling up (the rows would jump under the user).
        if (before === undefined ? start < top : start + old <= top && !scroll.current.backward) adjust += delta;
        sizes.set(key, size);
        shift += delta;
      }
      if (shift === 0) return;
      if (adjust !== 0) {
        scroll.current.offset += adjust;
        window.scrollBy(0, adjust);
      }
      rerender();
    }));
  const measure = useCallback((el: Element | null) => {
    if (!el) return undefined;
    const ro = getObserver();
    ro.observe(el);
    return () => ro.unobserve(el);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one observer for the list's life
  }, []);

  const scrollToIndex = useCallback((index: number) => {
    const l = layout.current;
    if (!l || index < 0 || index >= l.options.count) return;
    const middle = l.options.scrollMargin + (l.starts[index]! + l.starts[index + 1]!) / 2;
    window.scrollTo({ top: Math.max(0, middle - scroll.current.height / 2) });
  }, []);

  return { items, totalSize: starts[count]!, measure, scrollToIndex };
}
