import { m } from '../../../../shared/paraglide/messages.js';
import { ZChangePasswordInput } from '../../../../shared/schemas/user';
import { useZodForm } from '../../../lib/use-zod-form';
import { AdminSection, FormActions } from '../common/form-parts';
import { useSaveAction } from '../common/use-record-actions';
import { trpc } from '../../../lib/trpc';
import { PasswordField } from './user-fields';

/** Spec §2: the change-password form beside the user form (PUT /api/user/change-password). */
export function ChangePasswordForm({ username, self }: { username: string; self: boolean }) {
  const change = trpc.user.changePassword.useMutation();
  const form = useZodForm(ZChangePasswordInput, { username, password: '', confirmPassword: '' });
  const { onSubmit } = useSaveAction(form, {
    save: (values) => change.mutateAsync(values),
    reset: () => ({ username, password: '', confirmPassword: '' }),
    success: m.users_password_changed,
    then: () => Promise.resolve(),
  });
  const password = form.text('password');
  const confirm = form.text('confirmPassword');

  return (
    <AdminSection title={m.users_password_title()} text={self ? m.users_password_text_self() : m.users_password_text()}>
      <form className="users-password" onSubmit={onSubmit} noValidate>
        {/* Lets password managers file the new password under the right user. */}
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <PasswordField label={m.users_password_new()} name="newPassword" value={password.value} error={password.error} onChange={password.onChange} required />
        <PasswordField label={m.users_field_confirm_password()} name="confirmNewPassword" value={confirm.value} error={confirm.error} onChange={confirm.onChange} required />
        <FormActions submitLabel={m.users_password_submit()} busy={change.isPending} />
      </form>
    </AdminSection>
  );
}
