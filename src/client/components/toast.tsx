import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { m } from '../../shared/paraglide/messages.js';
import { currentToasts, subscribeToasts, toast, type ToastKind } from '../lib/toast';
import { choosePlace, visibleControls } from './toast-place';

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
  const list = useSyncExternalStore(subscribeToasts, currentToasts);
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
        <div key={item.id} className={`toast toast--${item.kind}`} role={item.kind === 'error' || item.kind === 'warning' ? 'alert' : 'status'}>
          <svg className="toast__icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d={icons[item.kind]} />
          </svg>
          <p className="toast__message">{item.message}</p>
          <button type="button" className="toast__close" aria-label={m.action_dismiss()} onClick={() => toast.dismiss(item.id)}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      ))}
    </section>
  );
}
