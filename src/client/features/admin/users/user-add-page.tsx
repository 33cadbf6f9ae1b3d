import { useNavigate } from '@tanstack/react-router';
import { m } from '../../../../shared/paraglide/messages.js';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { UserForm, emptyUser } from './user-form';
import './users.css';

/** /admin/users/add (spec §2, §5 Create user). */
export function UserAddPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.user.create.useMutation();

  return (
    <>
      <PageHeader title={m.users_add_title()} subtitle={m.users_add_subtitle()} />
      <div className="users-add">
        <UserForm
          mode="create"
          initial={emptyUser}
          submitLabel={m.users_create()}
          busy={create.isPending}
          onSubmit={async (input) => {
            await create.mutateAsync(input as Parameters<typeof create.mutateAsync>[0]);
            await utils.user.list.invalidate();
            toast.success(m.users_created());
            await navigate({ to: '/admin/users' });
          }}
          // Spec §8: the creation failure toast; the server's reason is shown in the form.
          onFailed={() => toast.error(m.users_create_failed())}
        />
      </div>
    </>
  );
}
