import { useNavigate } from '@tanstack/react-router';
import { m } from '../../../../shared/paraglide/messages.js';
import type { TItem } from '../../../../shared/schemas/item';
import { ZCreateItemInput, ZUpdateItemInput } from '../../../../shared/schemas/item';
import { Checkbox, TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { trpc } from '../../../lib/trpc';
import { ActiveBadge } from '../common/active-badge';
import { AdminList, type AdminColumn } from '../common/admin-list';
import { adminPagesOptions, useAdminListInput, useAdminPages } from '../common/use-admin-pages';
import { AdminSection, EditFormActions, FormActions, ReadOnlyField } from '../common/form-parts';
import { AddLink, EditLink } from '../common/links';
import { PageState } from '../common/page-states';
import { useEditRecord, useSaveAction } from '../common/use-record-actions';
import { useZodForm } from '../../../lib/use-zod-form';
import { UnitsPanel } from '../units/units-panel';
import type { NoRecordKind } from './no-record-kind';

/** Items / resources list (spec §2: number, description, active). */
export function NoRecordListPage({ kind }: { kind: NoRecordKind }) {
  const columns: AdminColumn<TItem>[] = [
    { key: 'no', header: m.admin_field_no(), cell: (r) => r.no, kind: 'code', serverSort: 'key' },
    { key: 'description', header: m.admin_field_description(), cell: (r) => r.description, serverSort: 'text' },
    { key: 'active', header: m.admin_field_status(), cell: (r) => <ActiveBadge active={r.active} />, kind: 'badge', hideInCard: true },
  ];
  const state = useAdminListInput(columns);
  const list = kind.api.list.useInfiniteQuery(state.input, adminPagesOptions);
  const { rows, paging } = useAdminPages(list, state);
  return (
    <>
      <PageHeader title={kind.text.title()} subtitle={kind.text.subtitle()} actions={<AddLink to={kind.addPath} label={kind.text.add()} />} />
      {PageState({ title: kind.text.title(), pending: list.isPending, error: list.error, backTo: '/admin', backLabel: m.admin_back_to_admin(), withHeader: false }) ?? (
        <AdminList
          rows={rows}
          paging={paging}
          columns={columns}
          rowKey={(r) => r.no}
          label={kind.text.title()}
          filterPlaceholder={m.admin_filter_no_description()}
          cardBadge={(r) => <ActiveBadge active={r.active} />}
          actions={(r) => <EditLink to={kind.editPath} search={{ no: r.no }} what={kind.text.describe(r.no)} />}
          rowLink={(r) => ({ to: kind.editPath, search: { no: r.no } })}
          emptyTitle={kind.text.empty()}
          emptyText={kind.text.emptyText()}
          emptyAction={<AddLink to={kind.addPath} label={kind.text.add()} />}
        />
      )}
    </>
  );
}

/** Add page: number and description; afterwards the edit page, where the units are added. */
export function NoRecordAddPage({ kind }: { kind: NoRecordKind }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = kind.api.create.useMutation();
  const form = useZodForm(ZCreateItemInput, { no: '', description: '' });
  const { onSubmit, formError } = useSaveAction(form, {
    save: (values) => create.mutateAsync(values),
    success: kind.text.created,
    then: (created) => invalidate(utils, kind).then(() => navigate({ to: kind.editPath, search: { no: created.no } })),
    failure: kind.text.createFailed,
  });

  return (
    <>
      <PageHeader title={kind.text.add()} />
      <div className="admin-layout admin-layout--single">
        <AdminSection title={m.admin_details()}>
          <form noValidate onSubmit={onSubmit}>
            <TextField label={m.admin_field_no()} autoComplete="off" spellCheck={false} autoFocus required {...form.text('no')} />
            <TextField label={m.admin_field_description()} autoComplete="off" required {...form.text('description')} />
            {formError && <p className="form-error">{formError}</p>}
            <FormActions submitLabel={m.admin_create()} busy={create.isPending} cancelTo={kind.listPath} />
          </form>
        </AdminSection>
      </div>
    </>
  );
}

/** Edit page: the form (number read-only, description, active) beside the units list. */
export function NoRecordEditPage({ kind, no }: { kind: NoRecordKind; no: string }) {
  const record = kind.api.single.useQuery({ no }, { enabled: no !== '' });
  const state = PageState({
    title: kind.text.editTitle(),
    pending: record.isPending,
    error: record.error,
    missingKey: no === '',
    backTo: kind.listPath,
    backLabel: kind.text.back(),
  });
  if (state || !record.data) return state;
  return (
    <>
      <PageHeader title={kind.text.editTitle()} subtitle={`${record.data.no} · ${record.data.description}`} />
      <div className="admin-layout admin-layout--split">
        <NoRecordForm kind={kind} record={record.data} />
        <UnitsPanel unitType={kind.unitType} unitNo={record.data.no} />
      </div>
    </>
  );
}

const initial = (r: TItem) => ({ no: r.no, description: r.description, active: r.active, version: r.version });

function NoRecordForm({ kind, record }: { kind: NoRecordKind; record: TItem }) {
  const utils = trpc.useUtils();
  const update = kind.api.update.useMutation();
  const remove = kind.api.delete.useMutation();
  const form = useZodForm(ZUpdateItemInput, initial(record));
  const { onSubmit, onDelete } = useEditRecord(form, {
    update: (values) => update.mutateAsync(values),
    reset: initial,
    remove: () => remove.mutateAsync({ no: record.no }),
    refresh: () => invalidate(utils, kind),
    listPath: kind.listPath,
    text: { what: () => kind.text.describe(record.no), updated: kind.text.updated, deleted: kind.text.deleted },
  });

  return (
    <AdminSection title={m.admin_details()}>
      <form noValidate onSubmit={onSubmit}>
        <ReadOnlyField label={m.admin_field_no()} value={record.no} hint={m.admin_readonly_hint()} />
        <TextField label={m.admin_field_description()} autoComplete="off" required {...form.text('description')} />
        <Checkbox label={m.admin_field_active()} {...form.checkbox('active')} />
        <EditFormActions busy={update.isPending} deleting={remove.isPending} cancelTo={kind.listPath} onDelete={onDelete} />
      </form>
    </AdminSection>
  );
}

async function invalidate(utils: ReturnType<typeof trpc.useUtils>, kind: NoRecordKind) {
  const area = kind.unitType === 'Item' ? utils.item : utils.resource;
  await Promise.all([area.list.invalidate(), area.single.invalidate(), area.search.invalidate()]);
}
