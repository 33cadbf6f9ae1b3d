import { Link, useNavigate } from '@tanstack/react-router';
import { m } from '../../../../shared/paraglide/messages.js';
import { Button, buttonClass } from '../../../components/button';
import { confirm } from '../../../components/confirm';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/spinner';
import { toast } from '../../../components/toast';
import { useAccountInfo } from '../../../lib/account';
import { applyUserLanguage } from '../../../lib/i18n';
import { isUnauthorized, trpc } from '../../../lib/trpc';
import { ChangePasswordForm } from './change-password-form';
import { userErrorMessage } from './user-errors';
import { UserForm, valuesOf } from './user-form';
import './users.css';

const isNotFound = (error: unknown) => (error as { data?: { httpStatus?: number } } | null)?.data?.httpStatus === 404;

/** /admin/users/edit?username= : the user form and the change-password form side by side (spec §2). */
export function UserEditPage({ username }: { username: string }) {
  const info = useAccountInfo();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const user = trpc.user.single.useQuery({ username }, { enabled: username !== '' });
  const update = trpc.user.update.useMutation();
  const remove = trpc.user.delete.useMutation();
  const self = user.data !== undefined && user.data.username.toLowerCase() === info.username.toLowerCase();

  const back = (
    <Link to="/admin/users" className={buttonClass('secondary')}>
      {m.users_back()}
    </Link>
  );

  if (username === '' || (user.isError && isNotFound(user.error))) {
    return (
      <>
        <PageHeader title={m.users_edit_title()} />
        <EmptyState title={m.users_not_found()} text={username} action={back} />
      </>
    );
  }
  if (user.isPending) return <PageSpinner />;
  if (user.isError) {
    return (
      <>
        <PageHeader title={m.users_edit_title()} />
        <EmptyState
          title={userErrorMessage(user.error)}
          action={
            <Button variant="primary" onClick={() => void user.refetch()}>
              {m.action_retry()}
            </Button>
          }
        />
      </>
    );
  }

  const current = user.data;

  async function onDelete() {
    const ok = await confirm({
      title: m.users_delete_confirm_title(),
      message: m.users_delete_confirm_text({ username: current.username }),
      confirmLabel: m.users_delete(),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ username: current.username });
      await utils.user.list.invalidate();
      toast.success(m.users_deleted());
      await navigate({ to: '/admin/users' });
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(userErrorMessage(error));
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
          onSubmit={async (input) => {
            const saved = await update.mutateAsync(input as Parameters<typeof update.mutateAsync>[0]);
            utils.user.single.setData({ username }, saved);
            await utils.user.list.invalidate();
            if (self) {
              // The admin's own language or defaults changed: the app follows at once.
              await utils.user.info.invalidate();
              applyUserLanguage(saved.languageCode);
            }
            toast.success(m.users_updated());
            await navigate({ to: '/admin/users' });
          }}
          onFailed={(message) => toast.error(message)}
          actions={
            <>
              <Link to="/admin/users" className={buttonClass('secondary')}>
                {m.action_cancel()}
              </Link>
              {!self && (
                <Button variant="danger" className="users-delete" loading={remove.isPending} onClick={() => void onDelete()}>
                  {m.users_delete()}
                </Button>
              )}
            </>
          }
        />
        <ChangePasswordForm username={current.username} self={self} />
      </div>
    </>
  );
}
