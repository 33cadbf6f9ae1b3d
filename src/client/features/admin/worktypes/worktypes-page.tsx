import { m } from '../../../../shared/paraglide/messages.js';
import type { TWorkType } from '../../../../shared/schemas/work-type';
import { PageHeader } from '../../../components/page-header';
import { trpc } from '../../../lib/trpc';
import { ActiveBadge } from '../common/active-badge';
import { AdminList, type AdminColumn } from '../common/admin-list';
import { AddLink, EditLink } from '../common/links';
import { PageState } from '../common/page-states';

const dash = '–';

/** /admin/worktypes (spec §2: code, description, unit of measure code, active). */
export function WorktypesPage() {
  const list = trpc.workType.list.useQuery();
  const columns: AdminColumn<TWorkType>[] = [
    { key: 'code', header: m.admin_field_code(), cell: (r) => r.code, kind: 'code', sortValue: (r) => r.code },
    { key: 'description', header: m.admin_field_description(), cell: (r) => r.description, sortValue: (r) => r.description },
    { key: 'uom', header: m.admin_field_uom(), cell: (r) => r.unitOfMeasureCode ?? dash, kind: 'nowrap', priority: 2, sortValue: (r) => r.unitOfMeasureCode },
    { key: 'active', header: m.admin_field_status(), cell: (r) => <ActiveBadge active={r.active} />, kind: 'badge', hideInCard: true, sortValue: (r) => (r.active ? 0 : 1) },
  ];
  const add = <AddLink to="/admin/worktypes/add" label={m.admin_worktypes_add()} />;
  return (
    <>
      <PageHeader title={m.section_worktypes()} subtitle={m.admin_worktypes_subtitle()} actions={add} />
      {PageState({ title: m.section_worktypes(), pending: list.isPending, error: list.error, backTo: '/admin', backLabel: m.admin_back_to_admin(), withHeader: false }) ?? (
        <AdminList
          rows={list.data ?? []}
          columns={columns}
          rowKey={(r) => r.code}
          label={m.section_worktypes()}
          filterText={(r) => `${r.code} ${r.description} ${r.unitOfMeasureCode ?? ''}`}
          filterPlaceholder={m.admin_filter_code_description()}
          cardBadge={(r) => <ActiveBadge active={r.active} />}
          actions={(r) => <EditLink to="/admin/worktypes/edit" search={{ code: r.code }} what={m.admin_worktype_describe({ code: r.code })} />}
          rowLink={(r) => ({ to: '/admin/worktypes/edit', search: { code: r.code } })}
          emptyTitle={m.admin_worktypes_empty()}
          emptyText={m.admin_worktypes_empty_text()}
          emptyAction={add}
        />
      )}
    </>
  );
}
