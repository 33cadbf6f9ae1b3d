import { useEffect, useId, useRef, type ReactNode } from 'react';
import { m } from '../../shared/paraglide/messages.js';

interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom, usually <Button>s. */
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** For alert-style dialogs (confirm). */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A native <dialog> opened with showModal(): the browser traps focus, makes the page behind it
 * inert, closes on Esc (→ onClose) and gives focus back to the opener afterwards. Focus starts on
 * the first element with data-autofocus, else the first focusable one.
 */
export function Modal({ open, title, onClose, children, footer, size = 'medium', role = 'dialog' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus runs before showModal(), which then moves focus itself; so mark the
      // element to start on with data-autofocus instead.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}`}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        // Esc: let React state decide, so the dialog and `open` never disagree.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, not on the panel inside it.
        if (event.target === ref.current) onClose();
      }}
    >
      {open && (
        <div className="modal__panel">
          <header className="modal__header">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            <button type="button" className="icon-button" aria-label={m.action_close()} onClick={onClose}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6L6 18" />
              </svg>
            </button>
          </header>
          <div className="modal__body">{children}</div>
          {footer && <footer className="modal__footer">{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
