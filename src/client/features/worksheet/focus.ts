/*
 * Where focus goes after the entry form acts (issue 22 §3): a field of the form, scrolled into
 * view, or the entry just created once the list shows it. Plain DOM, no React state.
 */

/** Focuses the form's control named `name` (the checked radio of a group), centred in view. */
export function focusField(formId: string, name: string, frames = 5): void {
  requestAnimationFrame(() => {
    const form = document.getElementById(formId);
    const el = form?.querySelector<HTMLElement>(`[name="${name}"]:checked`) ?? form?.querySelector<HTMLElement>(`[name="${name}"]`);
    if (el && !(el as HTMLInputElement).disabled) {
      el.scrollIntoView({ block: 'center' });
      el.focus({ preventScroll: true });
    } else if (frames > 1) focusField(formId, name, frames - 1);
  });
}

/** Focuses the first invalid control of the form (after a refused submit), centred in view. */
export function focusFirstInvalid(formId: string, frames = 5): void {
  requestAnimationFrame(() => {
    const el = document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)');
    if (el) {
      el.scrollIntoView({ block: 'center' });
      el.focus({ preventScroll: true });
    } else if (frames > 1) focusFirstInvalid(formId, frames - 1);
  });
}

/** Focuses the entry `id` in the list as soon as it shows (the list refetches after a create): up to ~5 s. */
export function focusEntry(id: number, until = Date.now() + 5000): void {
  const el = document.querySelector<HTMLElement>(`[data-entry-id="${id}"]`);
  if (el) {
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.scrollIntoView({ block: 'center' });
    el.focus({ preventScroll: true });
    return;
  }
  if (Date.now() < until) setTimeout(() => focusEntry(id, until), 50);
}
