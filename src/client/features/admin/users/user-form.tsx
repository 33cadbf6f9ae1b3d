import { useState, type FormEvent, type ReactNode } from 'react';
import { MAX, type LanguageCode, type ProfileType } from '../../../../shared/limits';
import { m } from '../../../../shared/paraglide/messages.js';
import { ZCreateUserInput, ZUpdateUserInput, type TUser } from '../../../../shared/schemas/user';
import { Checkbox, TextField } from '../../../components/field';
import { formatDate } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { errorMessage, serverFieldErrors, zodFormErrors, type FormErrors } from '../../../lib/errors';
import { AdminSection, FormActions, ReadOnlyField, SelectField } from '../common/form-parts';
import { LANGUAGE_CODES, PROFILE_TYPES, PasswordField, languageLabel, roleLabel } from './user-fields';

export interface UserFormValues {
  username: string;
  password: string;
  confirmPassword: string;
  profileType: ProfileType;
  teamCode: string;
  languageCode: LanguageCode;
  defaultDescription: string;
  defaultResource: string;
  lockDefaultResource: boolean;
  expirationDate: string;
  active: boolean;
}

export const emptyUser: UserFormValues = {
  username: '',
  password: '',
  confirmPassword: '',
  profileType: 'Basic',
  teamCode: '',
  languageCode: 'ENU',
  defaultDescription: '',
  defaultResource: '',
  lockDefaultResource: false,
  expirationDate: '',
  active: true,
};

export function valuesOf(user: TUser): UserFormValues {
  return {
    ...emptyUser,
    username: user.username,
    profileType: user.profileType,
    teamCode: user.teamCode ?? '',
    languageCode: user.languageCode,
    defaultDescription: user.defaultDescription ?? '',
    defaultResource: user.defaultResource ?? '',
    lockDefaultResource: user.lockDefaultResource,
    expirationDate: user.expirationDate ?? '',
    active: user.active,
  };
}

interface UserFormProps {
  mode: 'create' | 'edit';
  initial: UserFormValues;
  /** Editing the logged-in user: role and expiration read-only, no active box (spec §4, §5). */
  self?: boolean;
  submitLabel: string;
  busy: boolean;
  /** Saves; may return the saved values to show. A thrown error is shown at the fields. */
  onSubmit: (input: Record<string, unknown>) => Promise<UserFormValues | void>;
  /** Called with the translated message when saving failed (the caller's toast). */
  onFailed: (message: string) => void;
  /** At the end of the buttons (delete). */
  end?: ReactNode;
}

/**
 * The user form of /admin/users/add and /admin/users/edit, validated with the same schema as the
 * server (src/shared/schemas/user.ts).
 */
export function UserForm({ mode, initial, self = false, submitLabel, busy, onSubmit, onFailed, end }: UserFormProps) {
  const [values, setValues] = useState<UserFormValues>(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const [formError, setFormError] = useState<string>();
  // Only active resources can be chosen (spec §5); the autocomplete call gives exactly those.
  const resources = trpc.resource.search.useQuery({ q: '' }, { staleTime: 60_000 });

  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    setValues((current) => {
      const next = { ...current, [key]: value };
      // Spec §4: clearing the default resource clears its lock.
      if (key === 'defaultResource' && value === '') next.lockDefaultResource = false;
      return next;
    });
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const text = (key: 'username' | 'teamCode' | 'defaultDescription' | 'expirationDate') => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => set(key, key === 'teamCode' ? event.target.value.toUpperCase() : event.target.value),
  });

  function payload(): Record<string, unknown> {
    const common = {
      username: values.username,
      profileType: values.profileType,
      languageCode: values.languageCode,
      teamCode: values.teamCode,
      defaultDescription: values.defaultDescription,
      defaultResource: values.defaultResource,
      lockDefaultResource: values.defaultResource !== '' && values.lockDefaultResource,
      expirationDate: values.expirationDate,
    };
    if (mode === 'create') return { ...common, password: values.password, confirmPassword: values.confirmPassword };
    // The logged-in user's active flag is not on the form; leaving it out keeps it.
    return self ? common : { ...common, active: values.active };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = payload();
    const parsed = (mode === 'create' ? ZCreateUserInput : ZUpdateUserInput).safeParse(input);
    setFormError(undefined);
    if (!parsed.success) {
      setErrors(zodFormErrors(parsed.error));
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      const saved = await onSubmit(input);
      if (saved) setValues(saved);
    } catch (error) {
      const fields = serverFieldErrors(error);
      setErrors(fields);
      const message = errorMessage(error);
      // A field error is shown at its field; anything else above the buttons.
      if (Object.keys(fields).length === 0) setFormError(message);
      onFailed(message);
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    }
  }

  const resourceList = resources.data ?? [];
  const currentMissing = values.defaultResource !== '' && resources.isSuccess && !resourceList.some((r) => r.no === values.defaultResource);

  return (
    <AdminSection title={m.users_details_title()}>
    <form className="users-form" onSubmit={submit} noValidate>
      <div className="users-grid">
        {mode === 'create' ? (
          <TextField
            label={m.users_field_username()}
            {...text('username')}
            maxLength={MAX.username}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
        ) : (
          <ReadOnlyField label={m.users_field_username()} value={values.username} hint={m.users_username_readonly()} />
        )}

        {self ? (
          <ReadOnlyField label={m.users_field_role()} value={roleLabel[values.profileType]()} hint={m.users_self_role_hint()} />
        ) : (
          <SelectField
            label={m.users_field_role()}
            name="profileType"
            value={values.profileType}
            error={errors.profileType}
            onChange={(event) => set('profileType', event.target.value as ProfileType)}
            options={PROFILE_TYPES.map((p) => ({ value: p, label: roleLabel[p]() }))}
          />
        )}

        {mode === 'create' && (
          <>
            <PasswordField label={m.users_field_password()} name="password" value={values.password} error={errors.password} onChange={(e) => set('password', e.target.value)} required />
            <PasswordField
              label={m.users_field_confirm_password()}
              name="confirmPassword"
              value={values.confirmPassword}
              error={errors.confirmPassword}
              onChange={(e) => set('confirmPassword', e.target.value)}
              required
            />
          </>
        )}

        <SelectField
          label={m.users_field_language()}
          name="languageCode"
          value={values.languageCode}
          error={errors.languageCode}
          onChange={(event) => set('languageCode', event.target.value as LanguageCode)}
          options={LANGUAGE_CODES.map((l) => ({ value: l, label: languageLabel[l]() }))}
        />

        <TextField label={m.users_field_team()} {...text('teamCode')} maxLength={MAX.teamCode} autoComplete="off" spellCheck={false} className="users-team" />

        <TextField
          label={m.users_field_default_description()}
          {...text('defaultDescription')}
          maxLength={MAX.description}
          autoComplete="off"
          className="users-grid__wide"
        />

        <div className="users-grid__wide users-resource">
          <SelectField
            label={m.users_field_default_resource()}
            name="defaultResource"
            value={values.defaultResource}
            error={errors.defaultResource}
            onChange={(event) => set('defaultResource', event.target.value)}
            placeholder={resources.isPending ? m.app_loading() : m.users_no_resource()}
            options={[
              // A resource deactivated after it was chosen stays visible until another is picked.
              ...(currentMissing ? [{ value: values.defaultResource, label: m.users_resource_inactive({ no: values.defaultResource }) }] : []),
              ...resourceList.map((r) => ({ value: r.no, label: `${r.no} · ${r.description}` })),
            ]}
          />
          <Checkbox
            label={m.users_field_lock()}
            name="lockDefaultResource"
            checked={values.lockDefaultResource}
            disabled={values.defaultResource === ''}
            title={values.defaultResource === '' ? m.users_lock_disabled_hint() : undefined}
            onChange={(event) => set('lockDefaultResource', event.target.checked)}
          />
        </div>

        {self ? (
          <ReadOnlyField
            label={m.users_field_expiration()}
            value={values.expirationDate ? formatDate(values.expirationDate) : '–'}
            hint={m.users_self_expiration_hint()}
          />
        ) : (
          <div>
            <TextField label={m.users_field_expiration()} type="date" {...text('expirationDate')} />
            <p className="field__hint users-hint--under">{m.users_expiration_hint()}</p>
          </div>
        )}

        {mode === 'edit' && !self && (
          <Checkbox label={m.users_field_active()} name="active" checked={values.active} onChange={(event) => set('active', event.target.checked)} className="users-active" />
        )}
        {errors.active && <p className="field__error users-grid__wide">{errors.active}</p>}
      </div>

      {formError && <p className="form-error">{formError}</p>}
      <FormActions submitLabel={submitLabel} busy={busy} cancelTo="/admin/users" end={end} />
    </form>
    </AdminSection>
  );
}
