import { m } from '../../../../shared/paraglide/messages.js';
import type { TJob } from '../../../../shared/schemas/job';
import { PageHeader } from '../../../components/page-header';
import { trpc } from '../../../lib/trpc';
import { ActiveBadge } from '../common/active-badge';
import { AdminList, type AdminColumn } from '../common/admin-list';
import { AddLink, EditLink } from '../common/links';
import { PageState } from '../common/page-states';

const dash = '–';

/** /admin/jobs (spec §2: code, description, bill-to customer name and number, team code, active). */
export function JobsPage() {
  const list = trpc.job.list.useQuery();
  const columns: AdminColumn<TJob>[] = [
    { key: 'code', header: m.admin_field_code(), cell: (r) => r.code, kind: 'code', sortValue: (r) => r.code },
    { key: 'description', header: m.admin_field_description(), cell: (r) => r.description ?? dash, priority: 3, sortValue: (r) => r.description },
    {
      key: 'billTo',
      header: m.admin_field_bill_to(),
      sortValue: (r) => r.billToCustomerName ?? r.billToCustomerNo,
      cell: (r) => (
        <>
          {r.billToCustomerName ?? dash}
          <span className="admin-sub">{r.billToCustomerNo}</span>
        </>
      ),
    },
    { key: 'team', header: m.admin_field_team(), cell: (r) => r.teamCode ?? dash, kind: 'code', priority: 2, sortValue: (r) => r.teamCode },
    { key: 'active', header: m.admin_field_status(), cell: (r) => <ActiveBadge active={r.active} />, kind: 'badge', hideInCard: true, sortValue: (r) => (r.active ? 0 : 1) },
  ];
  const add = <AddLink to="/admin/jobs/add" label={m.admin_jobs_add()} />;
  return (
    <>
      <PageHeader title={m.section_jobs()} subtitle={m.admin_jobs_subtitle()} actions={add} />
      {PageState({ title: m.section_jobs(), pending: list.isPending, error: list.error, backTo: '/admin', backLabel: m.admin_back_to_admin(), withHeader: false }) ?? (
        <AdminList
          rows={list.data ?? []}
          columns={columns}
          rowKey={(r) => r.code}
          label={m.section_jobs()}
          filterText={(r) => `${r.code} ${r.description ?? ''} ${r.billToCustomerNo} ${r.billToCustomerName ?? ''} ${r.teamCode ?? ''}`}
          filterPlaceholder={m.admin_filter_jobs()}
          cardBadge={(r) => <ActiveBadge active={r.active} />}
          actions={(r) => <EditLink to="/admin/jobs/edit" search={{ code: r.code }} what={m.admin_job_describe({ code: r.code })} />}
          rowLink={(r) => ({ to: '/admin/jobs/edit', search: { code: r.code } })}
          emptyTitle={m.admin_jobs_empty()}
          emptyText={m.admin_jobs_empty_text()}
          emptyAction={add}
        />
      )}
    </>
  );
}
