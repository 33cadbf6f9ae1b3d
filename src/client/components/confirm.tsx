import { useSyncExternalStore } from 'react';
import { m } from '../../shared/paraglide/messages.js';
import { Button } from './button';
import { Modal } from './modal';

export interface ConfirmOptions {
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button, and focus starts on Cancel. */
  danger?: boolean;
}

interface Pending extends ConfirmOptions {
  resolve: (ok: boolean) => void;
}

let pending: Pending | null = null;
const listeners = new Set<() => void>();

function setPending(next: Pending | null): void {
  pending = next;
  for (const listener of listeners) listener();
}

/**
 * Asks a yes/no question: `if (await confirm({ title, message })) …`. Resolves false on Cancel,
 * Esc or a click outside. A second call while one is open cancels the first.
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  pending?.resolve(false);
  return new Promise((resolve) => setPending({ ...options, resolve }));
}

function answer(ok: boolean): void {
  pending?.resolve(ok);
  setPending(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Rendered once at the root. */
export function ConfirmHost() {
  const current = useSyncExternalStore(subscribe, () => pending);
  return (
    <Modal
      open={current !== null}
      title={current?.title ?? ''}
      onClose={() => answer(false)}
      size="small"
      role="alertdialog"
      footer={
        <>
          <Button variant="secondary" onClick={() => answer(false)} data-autofocus={current?.danger || undefined}>
            {current?.cancelLabel ?? m.action_cancel()}
          </Button>
          <Button variant={current?.danger ? 'danger' : 'primary'} onClick={() => answer(true)} data-autofocus={!current?.danger || undefined}>
            {current?.confirmLabel ?? m.action_ok()}
          </Button>
        </>
      }
    >
      <p>{current?.message}</p>
    </Modal>
  );
}
