import { useState } from 'react';
import { m } from '../../../../shared/paraglide/messages.js';
import type { TPasswordLink } from '../../../../shared/schemas/password-link';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { errorMessage } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { trpc } from '../../../lib/trpc';
import { AdminSection } from '../common/form-parts';

/**
 * Issue 42 §6: a user imported without a password gets a link (single use, 7 days) from the
 * admin; the page it opens lets the user choose a password. Creating a new link retires the old.
 */
export function PasswordLinkPanel({ username }: { username: string }) {
  const create = trpc.passwordLink.create.useMutation();
  const [link, setLink] = useState<TPasswordLink | null>(null);
  const url = link ? `${window.location.origin}${link.path}` : '';

  async function make() {
    try {
      setLink(await create.mutateAsync({ username }));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(m.imp_link_copied());
    } catch {
      toast.error(m.acct_key_copy_failed());
    }
  }

  return (
    <AdminSection title={m.imp_link_title()} text={link ? m.imp_link_text({ username: link.username, expires: formatDateTime(link.expiresAt) }) : undefined}>
      <div className="users-link" data-testid="password-link">
        {link && <TextField label={m.imp_link_title()} value={url} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="password-link-url" />}
        <div className="admin-form-actions">
          <Button variant={link ? 'secondary' : 'primary'} loading={create.isPending} onClick={() => void make()}>
            {m.imp_link_create()}
          </Button>
          {link && (
            <Button variant="primary" onClick={() => void copy()}>
              {m.imp_link_copy()}
            </Button>
          )}
        </div>
      </div>
    </AdminSection>
  );
}
