import { Link, useNavigate } from '@tanstack/react-router';
import { m } from '../../../shared/paraglide/messages.js';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/spinner';
import { formatDate } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { WorksheetForm } from './worksheet-form';
import { useFormSettings } from './ws-data';
import { returnSearch } from './return-place';
import { useCrumbLabel } from '../../components/breadcrumbs';
import { errorMessage } from '../../lib/errors';
import './worksheet.css';

/**
 * /worksheet/edit/{id}: loads the record, pre-fills the form, and after Update (or Cancel) returns
 * to the list it was opened from — tab, filters, scroll position — with the entry highlighted
 * (spec §2, issue 23 §3).
 */
export function WorksheetEditPage({ id }: { id: string }) {
  const navigate = useNavigate();
  const numericId = /^\d+$/.test(id) ? Number(id) : 0;
  const settings = useFormSettings();
  const record = trpc.worksheet.get.useQuery({ id: numericId }, { enabled: numericId > 0, staleTime: 0, gcTime: 0 });
  // "Worksheet › Edit › Mon 16 Nov · R01 Carpenter" instead of the entry's id (issue 23 §5).
  useCrumbLabel(
    `/worksheet/edit/${id}`,
    record.data
      ? `${formatDate(record.data.date, { weekday: 'short', day: 'numeric', month: 'short' })} · ${record.data.unitNo}${record.data.unitDescription ? ` ${record.data.unitDescription}` : ''}`
      : undefined,
  );
  const back = () => void navigate({ to: '/', search: returnSearch(numericId || null) as never });

  let body;
  if (numericId === 0 || record.error) {
    body = (
      <EmptyState
        title={record.error ? errorMessage(record.error) : m.error_not_found()}
        action={
          <Link to="/" className={buttonClass('primary')}>
            {m.ws_back()}
          </Link>
        }
      />
    );
  } else if (!record.data || !settings.data) {
    body = <PageSpinner />;
  } else if (!record.data.canManage) {
    // Approved, exported, or someone else's change: read-only (the server would refuse anyway).
    body = (
      <EmptyState
        title={record.data.approvedBy ? m.ws_err_approved_locked() : record.data.exported ? m.ws_err_exported_locked() : m.error_forbidden()}
        action={
          <Link to="/" className={buttonClass('primary')}>
            {m.ws_back()}
          </Link>
        }
      />
    );
  } else {
    body = (
      <div className="card">
        <WorksheetForm key={`${record.data.id}-${record.data.version}`} settings={settings.data} record={record.data} layout="page" onDone={back} onCancel={back} />
      </div>
    );
  }

  return (
    <div className="ws-page">
      <PageHeader
        title={m.ws_form_edit_title()}
        subtitle={
          record.data
            ? `${formatDate(record.data.date)} · ${record.data.username} · ${record.data.unitNo}${record.data.unitDescription ? ` ${record.data.unitDescription}` : ''} · ${record.data.description}`
            : undefined
        }
      />
      {body}
    </div>
  );
}
