import { useState, type FormEvent } from 'react';
import { m } from '../../../../shared/paraglide/messages.js';
import { ZChangePasswordInput } from '../../../../shared/schemas/user';
import { toast } from '../../../components/toast';
import { trpc } from '../../../lib/trpc';
import { AdminSection, FormActions } from '../common/form-parts';
import { errorMessage, serverFieldErrors, zodFormErrors, type FormErrors } from '../../../lib/errors';
import { PasswordField } from './user-fields';

/** Spec §2: the change-password form beside the user form (PUT /api/user/change-password). */
export function ChangePasswordForm({ username, self }: { username: string; self: boolean }) {
  const change = trpc.user.changePassword.useMutation();
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = { username, password, confirmPassword };
    const parsed = ZChangePasswordInput.safeParse(input);
    if (!parsed.success) {
      setErrors(zodFormErrors(parsed.error));
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      await change.mutateAsync(input);
      setPassword('');
      setConfirmPassword('');
      setErrors({});
      toast.success(m.users_password_changed());
    } catch (error) {
      setErrors(serverFieldErrors(error));
      toast.error(errorMessage(error));
    }
  }

  return (
    <AdminSection title={m.users_password_title()} text={self ? m.users_password_text_self() : m.users_password_text()}>
      <form className="users-password" onSubmit={submit} noValidate>
        {/* Lets password managers file the new password under the right user. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <PasswordField
          label={m.users_password_new()}
          name="newPassword"
          value={password}
          error={errors.password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors((c) => ({ ...c, password: undefined }));
          }}
          required
        />
        <PasswordField
          label={m.users_field_confirm_password()}
          name="confirmNewPassword"
          value={confirmPassword}
          error={errors.confirmPassword}
          onChange={(e) => {
            setConfirmPassword(e.target.value);
            setErrors((c) => ({ ...c, confirmPassword: undefined }));
          }}
          required
        />
        <FormActions submitLabel={m.users_password_submit()} busy={change.isPending} />
      </form>
    </AdminSection>
  );
}
