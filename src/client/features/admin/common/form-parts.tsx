import { Link, type LinkProps } from '@tanstack/react-router';
import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { m } from '../../../../shared/paraglide/messages.js';
import { Button, buttonClass } from '../../../components/button';
import { FieldFrame } from '../../../components/field';
import './admin-common.css';

/** A titled white panel: the form of an edit page, or a child list beside it. */
export function AdminSection({ title, text, actions, children, labelledBy }: { title: string; text?: ReactNode; actions?: ReactNode; children: ReactNode; labelledBy?: string }) {
  const id = useId();
  return (
    <section className="admin-section" aria-labelledby={labelledBy ?? id}>
      <div className="admin-section__head">
        <h2 className="admin-section__title" id={labelledBy ?? id}>
          {title}
        </h2>
        {actions}
      </div>
      {text && <p className="admin-section__text">{text}</p>}
      {children}
    </section>
  );
}

/** A code / number that cannot change on edit (spec §5), shown as a value, not an input. */
export function ReadOnlyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  return (
    <div className="field">
      <span className="field__label" id={id}>
        {label}
      </span>
      <span className="readonly-value" aria-labelledby={id} data-testid="readonly-key">
        {value}
      </span>
      {hint && <span className="field__hint">{hint}</span>}
    </div>
  );
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  error?: string | undefined;
  hint?: string;
  options: Array<{ value: string; label: string; disabled?: boolean }>;
  /** A first, empty option (e.g. "Choose a customer"). */
  placeholder?: string;
}

export function SelectField({ label, error, hint, options, placeholder, className, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <select {...select} {...control} className="input">
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/** A form's buttons: the primary submit, a cancel link and optional extras (delete) at the end. */
export function FormActions({
  submitLabel,
  busy,
  cancelTo,
  cancelSearch,
  onCancel,
  end,
}: {
  submitLabel: string;
  busy: boolean;
  cancelTo?: LinkProps['to'];
  cancelSearch?: Record<string, string>;
  onCancel?: () => void;
  end?: ReactNode;
}) {
  return (
    <div className="admin-form-actions">
      <Button type="submit" variant="primary" loading={busy}>
        {submitLabel}
      </Button>
      {cancelTo ? (
        <Link to={cancelTo} search={cancelSearch as never} className={buttonClass('secondary')}>
          {m.admin_cancel()}
        </Link>
      ) : onCancel ? (
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {m.admin_cancel()}
        </Button>
      ) : null}
      {end && <span className="admin-form-actions__end">{end}</span>}
    </div>
  );
}

/** An edit form's buttons: save, cancel back to the list, and delete. */
export function EditFormActions({ busy, deleting, cancelTo, onDelete }: { busy: boolean; deleting: boolean; cancelTo: LinkProps['to']; onDelete: () => Promise<void> }) {
  return (
    <FormActions
      submitLabel={m.admin_save()}
      busy={busy}
      cancelTo={cancelTo}
      end={
        <Button variant="danger" onClick={() => void onDelete()} loading={deleting}>
          {m.admin_delete()}
        </Button>
      }
    />
  );
}
