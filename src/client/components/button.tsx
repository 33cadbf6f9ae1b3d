import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** The class list of a button; also for links that look like buttons (<Link className={…}>). */
export function buttonClass(variant: ButtonVariant = 'secondary', extra?: string): string {
  return ['btn', `btn--${variant}`, extra].filter(Boolean).join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner and blocks clicks while an action runs. */
  loading?: boolean;
}

export function Button({ variant = 'secondary', loading = false, className, children, disabled, type = 'button', ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} className={buttonClass(variant, className)} disabled={disabled || loading} aria-busy={loading || undefined}>
      {loading && <Spinner size="small" />}
      {children}
    </button>
  );
}
