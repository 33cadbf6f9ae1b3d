import { Link, type LinkProps } from '@tanstack/react-router';
import { m } from '../../../../shared/paraglide/messages.js';
import { buttonClass } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageSpinner } from '../../../components/spinner';
import { errorMessage, errorStatus } from '../../../lib/errors';

/**
 * What an admin page shows instead of its content while the record loads, or when it failed:
 * a spinner; "not found" for 404 (also for another account's key) and for an empty key; the
 * translated error otherwise. Returns null when the content can be shown.
 */
export function PageState({
  title,
  pending,
  error,
  missingKey,
  backTo,
  backLabel,
  withHeader = true,
}: {
  title: string;
  /** False on list pages, which show their own header. */
  withHeader?: boolean;
  pending: boolean;
  error: unknown;
  missingKey?: boolean;
  backTo: LinkProps['to'];
  backLabel: string;
}) {
  if (!missingKey && pending) return <PageSpinner />;
  if (!missingKey && !error) return null;
  const notFound = missingKey || errorStatus(error) === 404;
  return (
    <>
      {withHeader && <PageHeader title={title} />}
      <EmptyState
        title={notFound ? m.admin_not_found() : errorMessage(error)}
        action={
          <Link to={backTo} className={buttonClass('primary')}>
            {backLabel}
          </Link>
        }
      />
    </>
  );
}
