import { m } from '../../shared/paraglide/messages.js';

interface SpinnerProps {
  /** Read by screen readers; visible next to the spinner when `showLabel`. */
  label?: string;
  showLabel?: boolean;
  size?: 'small' | 'medium' | 'large';
}

export function Spinner({ label, showLabel = false, size = 'medium' }: SpinnerProps) {
  const text = label ?? m.app_loading();
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className={showLabel ? 'spinner__label' : 'visually-hidden'}>{text}</span>
    </span>
  );
}

/** A centred spinner for a page or the whole app while data loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner size="large" label={label} showLabel />
    </div>
  );
}
