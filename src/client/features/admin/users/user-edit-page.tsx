import { useNavigate } from '@tanstack/react-router';
import { m } from '../../../../shared/paraglide/messages.js';
import { Button } from '../../../components/button';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../lib/toast';
import { useAccountInfo } from '../../../lib/account';
import { applyUserLanguage } from '../../../lib/i18n';
import { trpc } from '../../../lib/trpc';
import { confirmDelete } from '../common/confirm-delete';
import { PageState } from '../common/page-states';
import { ChangePasswordForm } from './change-password-form';
import { PasswordLinkPanel } from './password-link-panel';
import { errorMessage } from '../../../lib/errors';
import { UserForm, valuesOf } from './user-form';
import './users.css';

/** /admin/users/edit?username= : the user form and the change-password form side by side (spec §2). */
export function UserEditPage({ username }: { username: string }) {
  const info = useAccountInfo();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const user = trpc.user.single.useQuery({ username }, { enabled: username !== '' });
  const update = trpc.user.update.useMutation();
  const remove = trpc.user.delete.useMutation();

  const state = PageState({
    title: m.users_edit_title(),
    pending: user.isPending,
    error: user.error,
    missingKey: username === '',
    backTo: '/admin/users',
    backLabel: m.users_back(),
  });
  if (state || !user.data) return state;

  const current = user.data;
  // The logged-in admin (spec §4, §5): no active box, no delete, role and expiration read-only.
  const self = current.username.toLowerCase() === info.username.toLowerCase();

  async function onDelete() {
    if (!(await confirmDelete(m.users_what({ username: current.username })))) return;
    try {
      await remove.mutateAsync({ username: current.username });
      await utils.user.list.invalidate();
      toast.success(m.users_deleted());
      await navigate({ to: '/admin/users' });
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <>
      <PageHeader title={m.users_edit_title()} subtitle={self ? `${current.username} · ${m.users_you()}` : current.username} />
      {self && <p className="users-self-note">{m.users_self_hint()}</p>}
      <div className="users-edit">
        <UserForm
          key={current.id}
          mode="edit"
          initial={valuesOf(current)}
          self={self}
          submitLabel={m.users_save()}
          busy={update.isPending}
          onSubmit={async (input) => {
            const saved = await update.mutateAsync(input as Parameters<typeof update.mutateAsync>[0]);
            utils.user.single.setData({ username }, saved);
            await utils.user.list.invalidate();
            if (self) {
              // The admin's own language or defaults changed: the app follows at once.
              await utils.user.info.invalidate();
              await applyUserLanguage(saved.languageCode);
            }
            toast.success(m.users_updated());
            return valuesOf(saved);
          }}
          onFailed={(message) => toast.error(message)}
          end={
            self ? undefined : (
              <Button variant="danger" loading={remove.isPending} onClick={() => void onDelete()}>
                {m.users_delete()}
              </Button>
            )
          }
        />
        <ChangePasswordForm username={current.username} self={self} />
        {!self && <PasswordLinkPanel username={current.username} />}
      </div>
    </>
  );
}
