import { useMemo, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { MAX, type LanguageCode, type ProfileType } from '../../../../shared/limits';
import { m } from '../../../../shared/paraglide/messages.js';
import { EMAIL_MAX, ZCreateUserInput, ZUpdateUserInput, type TCreateUserInput, type TUpdateUserInput, type TUser } from '../../../../shared/schemas/user';
import { Checkbox, TextField } from '../../../components/field';
import { formatDate } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { errorMessage } from '../../../lib/errors';
import { focusFirstInvalid, submitHandler, useZodForm } from '../../../lib/use-zod-form';
import { AdminSection, FormActions, ReadOnlyField, SelectField } from '../common/form-parts';
import { LANGUAGE_CODES, PROFILE_TYPES, PasswordField, languageLabel, roleLabel } from './user-fields';

// A type, not an interface: the form mechanism needs it to be a record of fields.
export type UserFormValues = {
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
  email: string;
};

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
  email: '',
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
    email: user.email ?? '',
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
  onSubmit: (input: TCreateUserInput | TUpdateUserInput) => Promise<UserFormValues | void>;
  /** Called with the translated message when saving failed (the caller's toast). */
  onFailed: (message: string) => void;
  /** At the end of the buttons (delete). */
  end?: ReactNode;
}

/** The request of the form's values: create sends the passwords; the own user's edit leaves `active` out (it keeps it). */
function createPayload(values: UserFormValues): TCreateUserInput {
  const { active: _active, ...rest } = payloadFields(values);
  return { ...rest, password: values.password, confirmPassword: values.confirmPassword };
}
function updatePayload(values: UserFormValues, self: boolean): TUpdateUserInput {
  const fields = payloadFields(values);
  if (!self) return fields;
  const { active: _active, ...rest } = fields;
  return rest;
}
function payloadFields(values: UserFormValues) {
  return {
    username: values.username,
    profileType: values.profileType,
    languageCode: values.languageCode,
    teamCode: values.teamCode,
    defaultDescription: values.defaultDescription,
    defaultResource: values.defaultResource,
    lockDefaultResource: values.defaultResource !== '' && values.lockDefaultResource,
    expirationDate: values.expirationDate,
    active: values.active,
    email: values.email,
  };
}

/**
 * The form's schema: its values → the request → the server's own schema (src/shared/schemas/user.ts),
 * so the form shows exactly the server's rules, each at its field.
 */
export function userFormSchema(mode: 'create' | 'edit', self: boolean) {
  const values = z.custom<UserFormValues>();
  return mode === 'create' ? values.transform(createPayload).pipe(ZCreateUserInput) : values.transform((v) => updatePayload(v, self)).pipe(ZUpdateUserInput);
}

/** Spec §4: choosing no default resource also clears its lock. */
export const defaultResourceChosen = (values: UserFormValues, no: string): UserFormValues => ({
  ...values,
  defaultResource: no,
  lockDefaultResource: no === '' ? false : values.lockDefaultResource,
});

/**
 * The user form of /admin/users/add and /admin/users/edit on the one form mechanism (useZodForm,
 * decision 0165), validated with the same schema as the server.
 */
export function UserForm({ mode, initial, self = false, submitLabel, busy, onSubmit, onFailed, end }: UserFormProps) {
  const schema = useMemo(() => userFormSchema(mode, self), [mode, self]);
  const form = useZodForm(schema, initial);
  const { values, errors } = form;
  const [formError, setFormError] = useState<string>();
  // Only active resources can be chosen (spec §5); the autocomplete call gives exactly those.
  const resources = trpc.resource.search.useQuery({ q: '' }, { staleTime: 60_000 });

  const submit = submitHandler(async (element) => {
    if (!form.validate(element)) return;
    setFormError(undefined);
    try {
      const saved = await onSubmit(mode === 'create' ? createPayload(values) : updatePayload(values, self));
      if (saved) form.reset(saved);
    } catch (error) {
      const message = errorMessage(error);
      // A field error is shown at its field; anything else above the buttons.
      if (!form.setServerErrors(error)) setFormError(message);
      onFailed(message);
      focusFirstInvalid(element);
    }
  });

  const resourceList = resources.data ?? [];
  const currentMissing = values.defaultResource !== '' && resources.isSuccess && !resourceList.some((r) => r.no === values.defaultResource);

  return (
    <AdminSection title={m.users_details_title()}>
      <form className="users-form" onSubmit={submit} noValidate>
        <div className="users-grid">
          {mode === 'create' ? (
            <TextField label={m.users_field_username()} {...form.text('username')} maxLength={MAX.username} autoComplete="off" autoCapitalize="none" spellCheck={false} required />
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
              onChange={(event) => form.set('profileType', event.target.value as ProfileType)}
              options={PROFILE_TYPES.map((p) => ({ value: p, label: roleLabel[p]() }))}
            />
          )}

          {mode === 'create' && (
            <>
              <PasswordField label={m.users_field_password()} {...form.text('password')} required />
              <PasswordField label={m.users_field_confirm_password()} {...form.text('confirmPassword')} required />
            </>
          )}

          <SelectField
            label={m.users_field_language()}
            name="languageCode"
            value={values.languageCode}
            error={errors.languageCode}
            onChange={(event) => form.set('languageCode', event.target.value as LanguageCode)}
            options={LANGUAGE_CODES.map((l) => ({ value: l, label: languageLabel[l]() }))}
          />

          <TextField
            label={m.users_field_team()}
            {...form.text('teamCode', (v) => v.toUpperCase())}
            maxLength={MAX.teamCode}
            autoComplete="off"
            spellCheck={false}
            className="users-team"
          />

          <TextField
            label={m.users_field_email()}
            hint={m.users_field_email_hint()}
            type="email"
            {...form.text('email')}
            maxLength={EMAIL_MAX}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            className="users-grid__wide"
          />

          <TextField label={m.users_field_default_description()} {...form.text('defaultDescription')} maxLength={MAX.description} autoComplete="off" className="users-grid__wide" />

          <div className="users-grid__wide users-resource">
            <SelectField
              label={m.users_field_default_resource()}
              name="defaultResource"
              value={values.defaultResource}
              error={errors.defaultResource}
              onChange={(event) => {
                form.update((current) => defaultResourceChosen(current, event.target.value));
                form.clearErrors('defaultResource', 'lockDefaultResource');
              }}
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
              onChange={form.checkbox('lockDefaultResource').onChange}
            />
          </div>

          {self ? (
            <ReadOnlyField label={m.users_field_expiration()} value={values.expirationDate ? formatDate(values.expirationDate) : '–'} hint={m.users_self_expiration_hint()} />
          ) : (
            <div>
              <TextField label={m.users_field_expiration()} type="date" {...form.text('expirationDate')} />
              <p className="field__hint users-hint--under">{m.users_expiration_hint()}</p>
            </div>
          )}

          {mode === 'edit' && !self && (
            <Checkbox label={m.users_field_active()} name="active" checked={values.active} onChange={form.checkbox('active').onChange} className="users-active" />
          )}
          {errors.active && <p className="field__error users-grid__wide">{errors.active}</p>}
        </div>

        {formError && <p className="form-error">{formError}</p>}
        <FormActions submitLabel={submitLabel} busy={busy} cancelTo="/admin/users" end={end} />
      </form>
    </AdminSection>
  );
}
