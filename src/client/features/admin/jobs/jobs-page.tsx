import { m } from '../../../../shared/paraglide/messages.js';
import type { TJob } from '../../../../shared/schemas/job';
import { PageHeader } from '../../../components/page-header';
import { trpc } from '../../../lib/trpc';
import { ActiveBadge } from '../common/active-badge';
import { AdminList, type AdminColumn } from '../common/admin-list';
import { adminPagesOptions, useAdminListInput, useAdminPages } from '../common/use-admin-pages';
import { AddLink, EditLink } from '../common/links';
import { PageState } from '../common/page-states';

const dash = '–';

/** /admin/jobs (spec §2: code, description, bill-to customer name and number, team code, active). */
export function JobsPage() {
  const columns: AdminColumn<TJob>[] = [
    { key: 'code', header: m.admin_field_code(), cell: (r) => r.code, kind: 'code', serverSort: 'key' },
    { key: 'description', header: m.admin_field_description(), cell: (r) => r.description ?? dash, priority: 3, serverSort: 'text' },
    {
      key: 'billTo',
      header: m.admin_field_bill_to(),
      cell: (r) => (
        <>
          {r.billToCustomerName ?? dash}
          <span className="admin-sub">{r.billToCustomerNo}</span>
        </>
      ),
    },
    { key: 'team', header: m.admin_field_team(), cell: (r) => r.teamCode ?? dash, kind: 'code', priority: 2 },
    { key: 'active', header: m.admin_field_status(), cell: (r) => <ActiveBadge active={r.active} />, kind: 'badge', hideInCard: true },
  ];
  const state = useAdminListInput(columns);
  const list = trpc.job.list.useInfiniteQuery(state.input, adminPagesOptions);
  const { rows, paging } = useAdminPages(list, state);
  const add = <AddLink to="/admin/jobs/add" label={m.admin_jobs_add()} />;
  return (
    <>
      <PageHeader title={m.section_jobs()} subtitle={m.admin_jobs_subtitle()} actions={add} />
      {PageState({ title: m.section_jobs(), pending: list.isPending, error: list.error, backTo: '/admin', backLabel: m.admin_back_to_admin(), withHeader: false }) ?? (
        <AdminList
          rows={rows}
          paging={paging}
          columns={columns}
          rowKey={(r) => r.code}
          label={m.section_jobs()}
          filterPlaceholder={m.admin_filter_code_description()}
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
