import { m } from '../../../../shared/paraglide/messages.js';
import type { TCustomer } from '../../../../shared/schemas/customer';
import { PageHeader } from '../../../components/page-header';
import { trpc } from '../../../lib/trpc';
import { ActiveBadge } from '../common/active-badge';
import { AdminList, type AdminColumn } from '../common/admin-list';
import { adminPagesOptions, useAdminListInput, useAdminPages } from '../common/use-admin-pages';
import { AddLink, EditLink } from '../common/links';
import { PageState } from '../common/page-states';

/** /admin/customers (spec §2: number, name, active). */
export function CustomersPage() {
  const columns: AdminColumn<TCustomer>[] = [
    { key: 'no', header: m.admin_field_no(), cell: (r) => r.no, kind: 'code', serverSort: 'key' },
    { key: 'name', header: m.admin_field_name(), cell: (r) => r.name, serverSort: 'text' },
    { key: 'active', header: m.admin_field_status(), cell: (r) => <ActiveBadge active={r.active} />, kind: 'badge', hideInCard: true },
  ];
  const state = useAdminListInput(columns);
  const list = trpc.customer.list.useInfiniteQuery(state.input, adminPagesOptions);
  const { rows, paging } = useAdminPages(list, state);
  const add = <AddLink to="/admin/customers/add" label={m.admin_customers_add()} />;
  return (
    <>
      <PageHeader title={m.section_customers()} subtitle={m.admin_customers_subtitle()} actions={add} />
      {PageState({ title: m.section_customers(), pending: list.isPending, error: list.error, backTo: '/admin', backLabel: m.admin_back_to_admin(), withHeader: false }) ?? (
        <AdminList
          rows={rows}
          paging={paging}
          columns={columns}
          rowKey={(r) => r.no}
          label={m.section_customers()}
          filterPlaceholder={m.admin_filter_no_name()}
          cardBadge={(r) => <ActiveBadge active={r.active} />}
          actions={(r) => <EditLink to="/admin/customers/edit" search={{ no: r.no }} what={m.admin_customer_describe({ no: r.no })} />}
          rowLink={(r) => ({ to: '/admin/customers/edit', search: { no: r.no } })}
          emptyTitle={m.admin_customers_empty()}
          emptyText={m.admin_customers_empty_text()}
          emptyAction={add}
        />
      )}
    </>
  );
}
