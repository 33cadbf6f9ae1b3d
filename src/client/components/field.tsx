import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Already translated; shown under the input and linked with aria-describedby. */
  error?: string;
  /** Rendered inside the input's frame on the right, e.g. a reveal button. */
  addon?: ReactNode;
}

export function TextField({ label, error, addon, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <input
          {...input}
          id={id}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {addon}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'> {
  label: string;
}

export function Checkbox({ label, className, ...input }: CheckboxProps) {
  const id = useId();
  return (
    <div className={['checkbox', className].filter(Boolean).join(' ')}>
      <input {...input} id={id} type="checkbox" />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}
