/**
 * Issue 38 §4: toasts stand where they cover no control. When a toast comes, the places the region
 * may take are tried in order — on phones the top, then the bottom; from 640 px the four corners,
 * top right first — and the first that covers no visible control of the page wins (else the one
 * that covers the least). A toast that covered the bulk bar's button or the field being typed in
 * hid the very thing the user was about to use.
 */

export type ToastPlace = 'top' | 'bottom' | 'top-right' | 'bottom-right' | 'bottom-left' | 'top-left';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const PHONE_PLACES: readonly ToastPlace[] = ['top', 'bottom'];
const WIDE_PLACES: readonly ToastPlace[] = ['top-right', 'bottom-right', 'bottom-left', 'top-left'];
/** Distance from the viewport's edge (the CSS insets of .toasts[data-place]). */
export const EDGE = { phone: 12, wide: 20 } as const;
/** The region's width from 640 px (CSS). */
export const WIDE_WIDTH = 380;

/** Where the region would stand in each place, for a region `height` px tall. */
export function placeBox(place: ToastPlace, view: { width: number; height: number }, height: number): Box {
  const phone = place === 'top' || place === 'bottom';
  const edge = phone ? EDGE.phone : EDGE.wide;
  const width = phone ? view.width - 2 * edge : WIDE_WIDTH;
  const left = phone || place.endsWith('left') ? edge : view.width - edge - width;
  const top = place.startsWith('top') ? edge : view.height - edge - height;
  return { left, top, right: left + width, bottom: top + height };
}

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The first place whose box covers none of `controls`; else the one covering the least area. The
 * top bar's own controls (`bar`: the menu) weigh a tenth: on a phone every band of the page holds a
 * control, and the menu is what the user needs least in the seconds after an action.
 */
export function choosePlace(view: { width: number; height: number }, height: number, controls: readonly Box[], bar: readonly Box[] = []): ToastPlace {
  const places = view.width < 640 ? PHONE_PLACES : WIDE_PLACES;
  let best = places[0]!;
  let bestArea = Infinity;
  for (const place of places) {
    const box = placeBox(place, view, height);
    const area = controls.reduce((sum, c) => sum + overlap(box, c), 0) + bar.reduce((sum, c) => sum + overlap(box, c) / 10, 0);
    if (area === 0) return place;
    if (area < bestArea) {
      best = place;
      bestArea = area;
    }
  }
  return best;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/** The boxes of the visible controls in the viewport (the toasts' own excluded): the page's, and the top bar's. */
export function visibleControls(exclude: Element): { page: Box[]; bar: Box[] } {
  const page: Box[] = [];
  const bar: Box[] = [];
  const { innerWidth: w, innerHeight: h } = window;
  // An open modal dialog is what the user works in; otherwise the page.
  const scope = document.querySelector('dialog:modal') ?? document;
  for (const el of scope.querySelectorAll(FOCUSABLE)) {
    if (exclude.contains(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || r.bottom <= 0 || r.top >= h || r.right <= 0 || r.left >= w) continue;
    (el.closest('.topbar') ? bar : page).push({ left: r.left, top: r.top, right: r.right, bottom: r.bottom });
  }
  return { page, bar };
}
