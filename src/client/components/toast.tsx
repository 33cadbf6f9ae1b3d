import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { m } from '../../shared/paraglide/messages.js';
import { choosePlace, visibleControls } from './toast-place';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
}

/** How long each kind stays; warnings stay until dismissed (the idle warning must not time out). */
const DURATION_MS: Record<ToastKind, number | null> = { success: 4000, info: 5000, error: 8000, warning: null };

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

function dismiss(id: number): void {
  items = items.filter((item) => item.id !== id);
  emit();
}

/**
 * The list after a toast is added. A success removes the error toasts before it: they reported
 * something the user has since put right (a failed save followed by a successful one), and an error
 * beside a later success reads as if the save had failed. Warnings and info stay. The same message
 * again (two entries saved on the device in a row) replaces the earlier one instead of stacking.
 */
export function withToast(list: readonly ToastItem[], added: ToastItem): ToastItem[] {
  const kept = list.filter((item) => !(item.kind === added.kind && item.message === added.message) && !(added.kind === 'success' && item.kind === 'error'));
  return [...kept, added];
}

function show(kind: ToastKind, message: string): number {
  const id = nextId++;
  items = withToast(items, { id, kind, message });
  emit();
  const duration = DURATION_MS[kind];
  if (duration !== null) setTimeout(() => dismiss(id), duration);
  return id;
}

/** toast.success('Saved'), toast.error(errorMessage(err)), … — callable from anywhere. */
export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
  dismiss,
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Issue 38 §4: the toasts stand where they cover no control (components/toast-place.ts). */
function placeToasts(region: HTMLElement): void {
  const view = { width: window.innerWidth, height: window.innerHeight };
  const { page, bar } = visibleControls(region);
  const place = choosePlace(view, region.getBoundingClientRect().height, page, bar);
  if (region.dataset.place !== place) region.dataset.place = place;
}

const icons: Record<ToastKind, string> = {
  success: 'M5 12l4.5 4.5L19 7',
  error: 'M12 8v5m0 3.5v.5M4 20h16L12 4z',
  info: 'M12 11v6m0-9.5V8',
  warning: 'M12 8v5m0 3.5v.5M4 20h16L12 4z',
};

/**
 * Rendered once at the root. The region is always in the DOM so screen readers hear additions.
 * It is a manual popover so that it lives in the browser's top layer: a modal <dialog> would
 * otherwise cover it (e.g. "Camera could not be initialized" while the attachment modal is open).
 */
export function Toaster() {
  const list = useSyncExternalStore(subscribe, () => items);
  const ref = useRef<HTMLElement>(null);
  const newest = useRef(0);
  const open = useRef(false);

  useLayoutEffect(() => {
    const region = ref.current;
    if (!region) return;
    const show = () => {
      if (open.current) return;
      open.current = true;
      region.showPopover();
    };
    if (!open.current) {
      // With nothing to say yet, opened after the page's first frame: opened inside the app's first
      // commit, it forced a style calculation of the whole new page there (issue 25 §4).
      if (list.length === 0) {
        const timer = setTimeout(show, 0);
        return () => clearTimeout(timer);
      }
      show();
    } else if ((list.at(-1)?.id ?? 0) > newest.current && document.querySelector('dialog:modal')) {
      // The top layer stacks in opening order; a dialog opened after the region would cover new
      // toasts, so a new toast brings the region back to the top.
      region.hidePopover();
      region.showPopover();
    }
    const arrived = (list.at(-1)?.id ?? 0) > newest.current;
    newest.current = Math.max(newest.current, list.at(-1)?.id ?? 0);
    if (arrived) placeToasts(region);
  }, [list]);

  // While toasts show, the page under them changes (a dialog closes, the list loads, the user
  // scrolls): they move again when their place comes to cover a control.
  useEffect(() => {
    const region = ref.current;
    if (!region || list.length === 0) return;
    const timer = setInterval(() => placeToasts(region), 500);
    return () => clearInterval(timer);
  }, [list.length]);

  return (
    <section ref={ref} popover="manual" className="toasts" aria-label={m.toast_region()} aria-live="polite" aria-relevant="additions">
      {list.map((item) => (
        <div
          key={item.id}
          className={`toast toast--${item.kind}`}
          role={item.kind === 'error' || item.kind === 'warning' ? 'alert' : 'status'}
        >
          <svg className="toast__icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d={icons[item.kind]} />
          </svg>
          <p className="toast__message">{item.message}</p>
          <button type="button" className="toast__close" aria-label={m.action_dismiss()} onClick={() => dismiss(item.id)}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      ))}
    </section>
  );
}
