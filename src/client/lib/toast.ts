/*
 * The toasts' store: toast.success(…) from anywhere (a hook, a service worker message, the idle
 * timer); components/toast.tsx renders it (issue 39: the store is a lib, so lib/ and offline/ need
 * not import a component).
 */

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

/** For the renderer: called on every change. */
export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the renderer: the toasts showing now. */
export function currentToasts(): readonly ToastItem[] {
  return items;
}
