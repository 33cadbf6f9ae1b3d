import { Link } from '@tanstack/react-router';
import { useDeferredValue, useMemo, useState } from 'react';
import { m } from '../../../../shared/paraglide/messages.js';
import type { TUser } from '../../../../shared/schemas/user';
import { Button, buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/spinner';
import { useAccountInfo } from '../../../lib/account';
import { formatDate } from '../../../lib/format';
import { trpc } from '../../../lib/trpc';
import { userErrorMessage } from './user-errors';
import { languageLabel, roleLabel } from './user-fields';
import './users.css';

const dash = '–';

function ActiveBadge({ active }: { active: boolean }) {
  return <span className={active ? 'users-badge users-badge--active' : 'users-badge users-badge--inactive'}>{active ? m.users_active() : m.users_inactive()}</span>;
}

function EditLink({ user }: { user: TUser }) {
  return (
    <Link to="/admin/users/edit" search={{ username: user.username }} className={buttonClass('secondary', 'users-edit-link')} aria-label={m.users_edit_label({ username: user.username })}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="users-icon">
        <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
      </svg>
      <span>{m.users_edit()}</span>
    </Link>
  );
}

const matches = (user: TUser, filter: string) =>
  filter === '' || user.username.toLowerCase().includes(filter) || (user.teamCode ?? '').toLowerCase().includes(filter) || user.profileType.toLowerCase().includes(filter);

/** Spec §2 Users list: cards on phones, a table from tablet up; add link; edit with ?username=. */
export function UsersPage() {
  const info = useAccountInfo();
  const users = trpc.user.list.useQuery();
  const [filter, setFilter] = useState('');
  const deferred = useDeferredValue(filter.trim().toLowerCase());
  const shown = useMemo(() => (users.data ?? []).filter((u) => matches(u, deferred)), [users.data, deferred]);
  const me = info.username.toLowerCase();

  const addLink = (
    <Link to="/admin/users/add" className={buttonClass('primary')}>
      <svg viewBox="0 0 24 24" aria-hidden="true" className="users-icon">
        <path d="M12 5v14M5 12h14" />
      </svg>
      {m.users_add()}
    </Link>
  );

  let body;
  if (users.isPending) body = <PageSpinner />;
  else if (users.isError)
    body = (
      <EmptyState
        title={userErrorMessage(users.error)}
        action={
          <Button variant="primary" onClick={() => void users.refetch()}>
            {m.action_retry()}
          </Button>
        }
      />
    );
  else if (users.data.length === 0) body = <EmptyState title={m.users_empty()} text={m.users_empty_text()} action={addLink} />;
  else
    body = (
      <>
        <div className="users-toolbar">
          <label className="visually-hidden" htmlFor="users-filter">
            {m.users_filter()}
          </label>
          <input
            id="users-filter"
            className="input users-filter"
            type="search"
            placeholder={m.users_filter_placeholder()}
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            autoComplete="off"
          />
          <span className="users-count" aria-live="polite">
            {m.users_count({ shown: String(shown.length), total: String(users.data.length) })}
          </span>
        </div>
        {shown.length === 0 ? (
          <EmptyState title={m.users_filter_none()} />
        ) : (
          <>
            {/* Phones: one card per user. */}
            <ul className="users-cards" aria-label={m.section_users()}>
              {shown.map((user) => (
                <li key={user.id} className="users-card">
                  <div className="users-card__head">
                    <span className="users-card__name">
                      {user.username}
                      {user.username.toLowerCase() === me && <span className="users-you">{m.users_you()}</span>}
                    </span>
                    <ActiveBadge active={user.active} />
                  </div>
                  <dl className="users-card__facts">
                    <div>
                      <dt>{m.users_col_role()}</dt>
                      <dd>{roleLabel[user.profileType]()}</dd>
                    </div>
                    <div>
                      <dt>{m.users_col_team()}</dt>
                      <dd>{user.teamCode ?? dash}</dd>
                    </div>
                    <div>
                      <dt>{m.users_col_language()}</dt>
                      <dd>{user.languageCode}</dd>
                    </div>
                    <div>
                      <dt>{m.users_col_expiration()}</dt>
                      <dd>{user.expirationDate ? formatDate(user.expirationDate) : dash}</dd>
                    </div>
                  </dl>
                  <EditLink user={user} />
                </li>
              ))}
            </ul>
            {/* Tablet and up: a table. */}
            <div className="users-table-wrap">
              <table className="users-table">
                <thead>
                  <tr>
                    <th scope="col">{m.users_col_username()}</th>
                    <th scope="col">{m.users_col_role()}</th>
                    <th scope="col">{m.users_col_team()}</th>
                    <th scope="col">{m.users_col_language()}</th>
                    <th scope="col">{m.users_col_expiration()}</th>
                    <th scope="col">{m.users_col_active()}</th>
                    <th scope="col">
                      <span className="visually-hidden">{m.users_col_actions()}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((user) => (
                    <tr key={user.id}>
                      <th scope="row" className="users-table__name">
                        {user.username}
                        {user.username.toLowerCase() === me && <span className="users-you">{m.users_you()}</span>}
                      </th>
                      <td>{roleLabel[user.profileType]()}</td>
                      <td>{user.teamCode ?? dash}</td>
                      <td title={languageLabel[user.languageCode]()}>{user.languageCode}</td>
                      <td>{user.expirationDate ? formatDate(user.expirationDate) : dash}</td>
                      <td>
                        <ActiveBadge active={user.active} />
                      </td>
                      <td className="users-table__actions">
                        <EditLink user={user} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </>
    );

  return (
    <>
      <PageHeader title={m.section_users()} subtitle={m.users_subtitle()} actions={users.isSuccess && users.data.length > 0 ? addLink : undefined} />
      {body}
    </>
  );
}
