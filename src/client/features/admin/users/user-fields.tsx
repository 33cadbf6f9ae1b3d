import { useState, type InputHTMLAttributes } from 'react';
import { LANGUAGE_CODES, PROFILE_TYPES, type LanguageCode, type ProfileType } from '../../../../shared/limits';
import { m } from '../../../../shared/paraglide/messages.js';
import { TextField } from '../../../components/field';

export const roleLabel: Record<ProfileType, () => string> = {
  Basic: m.users_role_basic,
  Teamleader: m.users_role_teamleader,
  Admin: m.users_role_admin,
};

export const languageLabel: Record<LanguageCode, () => string> = {
  ENU: m.users_lang_enu,
  DAN: m.users_lang_dan,
};

export { LANGUAGE_CODES, PROFILE_TYPES };

interface PasswordFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: string;
  error?: string | undefined;
}

/** A new-password input with a reveal toggle. */
export function PasswordField({ label, error, ...input }: PasswordFieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...input}
      label={label}
      error={error}
      type={shown ? 'text' : 'password'}
      autoComplete="new-password"
      spellCheck={false}
      autoCapitalize="none"
      addon={
        <button
          type="button"
          className="field__addon"
          aria-pressed={shown}
          aria-label={m.users_show_password()}
          title={m.users_show_password()}
          onClick={() => setShown((s) => !s)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {shown && <path d="M4 4l16 16" />}
          </svg>
        </button>
      }
    />
  );
}
