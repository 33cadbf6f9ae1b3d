import { m } from '../../../../shared/paraglide/messages.js';
import type { TUser } from '../../../../shared/schemas/user';
import { PageHeader } from '../../../components/page-header';
import { useAccountInfo } from '../../../lib/account';
import { formatDate } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { ActiveBadge, isExpired } from '../common/active-badge';
import { AdminList, type AdminColumn } from '../common/admin-list';
import { AddLink, EditLink } from '../common/links';
import { PageState } from '../common/page-states';
import { languageLabel, roleLabel } from './user-fields';
import './users.css';

const dash = '–';

/** Spec §2 Users list: cards on phones, a table from tablet up; add link; edit with ?username=. */
export function UsersPage() {
  const info = useAccountInfo();
  const users = trpc.user.list.useQuery();
  const me = info.username.toLowerCase();

  const name = (user: TUser) => (
    <>
      {user.username}
      {user.username.toLowerCase() === me && <span className="users-you">{m.users_you()}</span>}
    </>
  );

  const columns: AdminColumn<TUser>[] = [
    { key: 'username', header: m.users_col_username(), kind: 'code', cell: name, sortValue: (u) => u.username },
    { key: 'role', header: m.users_col_role(), kind: 'nowrap', cell: (u) => roleLabel[u.profileType](), sortValue: (u) => roleLabel[u.profileType]() },
    { key: 'team', header: m.users_col_team(), kind: 'code', priority: 2, cell: (u) => u.teamCode ?? dash, sortValue: (u) => u.teamCode },
    {
      key: 'language',
      header: m.users_col_language(),
      kind: 'nowrap',
      priority: 3,
      cell: (u) => <span title={languageLabel[u.languageCode]()}>{u.languageCode}</span>,
      sortValue: (u) => u.languageCode,
    },
    {
      key: 'expiration',
      header: m.users_col_expiration(),
      kind: 'nowrap',
      priority: 3,
      cell: (u) => (u.expirationDate ? formatDate(u.expirationDate) : dash),
      sortValue: (u) => u.expirationDate,
    },
    {
      key: 'active',
      header: m.users_col_active(),
      kind: 'badge',
      hideInCard: true,
      sortValue: (u) => (u.active && !isExpired(u.expirationDate) ? 0 : 1),
      cell: (u) => <ActiveBadge active={u.active} expired={isExpired(u.expirationDate)} />,
    },
  ];

  const state = PageState({
    title: m.section_users(),
    withHeader: false,
    pending: users.isPending,
    error: users.error,
    backTo: '/admin',
    backLabel: m.menu_admin(),
  });

  return (
    <>
      <PageHeader title={m.section_users()} subtitle={m.users_subtitle()} actions={<AddLink to="/admin/users/add" label={m.users_add()} />} />
      {state ??
        (users.data && (
          <AdminList
            rows={users.data}
            columns={columns}
            rowKey={(u) => u.username}
            label={m.section_users()}
            filterText={(u) => `${u.username} ${roleLabel[u.profileType]()} ${u.teamCode ?? ''}`}
            filterPlaceholder={m.users_filter_placeholder()}
            cardBadge={(u) => <ActiveBadge active={u.active} expired={isExpired(u.expirationDate)} />}
            actions={(u) => <EditLink to="/admin/users/edit" search={{ username: u.username }} what={u.username} />}
            rowLink={(u) => ({ to: '/admin/users/edit', search: { username: u.username } })}
            emptyTitle={m.users_empty()}
            emptyText={m.users_empty_text()}
            emptyAction={<AddLink to="/admin/users/add" label={m.users_add()} />}
          />
        ))}
    </>
  );
}
