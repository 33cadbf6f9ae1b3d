/**
 * The window's size and scroll offset, read when the app starts and kept up to date by its resize
 * and scroll events. Reading `window.innerWidth` or `window.scrollY` in a render or a commit forces
 * a layout of the page when anything changed since the last one: the list's size estimates and
 * the virtualiser's first range read them, and on a phone's first render each read was a layout
 * of the whole page inside React's commit, before the frame's own (issue 25 §4, decision 0291).
 * In an event handler the layout is clean and the read is free.
 */
type Size = { readonly width: number; readonly height: number };

const browser = typeof window !== 'undefined';
let size: Size = browser ? { width: window.innerWidth, height: window.innerHeight } : { width: 375, height: 667 };
let scrollY = browser ? window.scrollY : 0;
const sizeListeners = new Set<(size: Size) => void>();

if (browser) {
  window.addEventListener('resize', () => {
    size = { width: window.innerWidth, height: window.innerHeight };
    for (const listener of sizeListeners) listener(size);
  });
  window.addEventListener(
    'scroll',
    () => {
      scrollY = window.scrollY;
    },
    { passive: true },
  );
}

export const windowSize = (): Size => size;

/** As of the last scroll event: a scroll made in this task is not in it yet. */
export const windowScrollY = (): number => scrollY;

/** Calls `listener` with the size now and after every resize; returns the unsubscribe. */
export function observeWindowSize(listener: (size: Size) => void): () => void {
  sizeListeners.add(listener);
  listener(size);
  return () => sizeListeners.delete(listener);
}
