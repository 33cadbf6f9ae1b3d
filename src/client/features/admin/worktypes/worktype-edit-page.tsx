import { m } from '../../../../shared/paraglide/messages.js';
import { ZUpdateWorkTypeInput, type TWorkType } from '../../../../shared/schemas/work-type';
import { Checkbox, TextField } from '../../../components/field';
import { WorkTypeUomField } from './worktype-uom-field';
import { PageHeader } from '../../../components/page-header';
import { trpc } from '../../../lib/trpc';
import { AdminSection, EditFormActions, ReadOnlyField } from '../common/form-parts';
import { PageState } from '../common/page-states';
import { useEditRecord } from '../common/use-record-actions';
import { useZodForm } from '../../../lib/use-zod-form';
import '../common/admin-common.css';

/** /admin/worktypes/edit?code= (spec §2, §5): code read-only. */
export function WorktypeEditPage({ code }: { code: string }) {
  const record = trpc.workType.single.useQuery({ code }, { enabled: code !== '' });
  const state = PageState({
    title: m.admin_worktypes_edit_title(),
    pending: record.isPending,
    error: record.error,
    missingKey: code === '',
    backTo: '/admin/worktypes',
    backLabel: m.admin_worktypes_back(),
  });
  if (state || !record.data) return state;
  return (
    <>
      <PageHeader title={m.admin_worktypes_edit_title()} subtitle={`${record.data.code} · ${record.data.description}`} />
      <div className="admin-layout admin-layout--single">
        <WorkTypeForm record={record.data} />
      </div>
    </>
  );
}

const initial = (r: TWorkType) => ({ code: r.code, description: r.description, unitOfMeasureCode: r.unitOfMeasureCode ?? '', active: r.active, version: r.version });

function WorkTypeForm({ record }: { record: TWorkType }) {
  const utils = trpc.useUtils();
  const update = trpc.workType.update.useMutation();
  const remove = trpc.workType.delete.useMutation();
  const form = useZodForm(ZUpdateWorkTypeInput, initial(record));
  const { onSubmit, onDelete } = useEditRecord(form, {
    update: (values) => update.mutateAsync(values),
    reset: initial,
    remove: () => remove.mutateAsync({ code: record.code }),
    refresh: () => Promise.all([utils.workType.list.invalidate(), utils.workType.single.invalidate(), utils.workType.search.invalidate()]),
    listPath: '/admin/worktypes',
    text: { what: () => m.admin_worktype_describe({ code: record.code }), updated: m.admin_worktype_updated, deleted: m.admin_worktype_deleted },
  });

  return (
    <AdminSection title={m.admin_details()}>
      <form noValidate onSubmit={onSubmit}>
        <ReadOnlyField label={m.admin_field_code()} value={record.code} hint={m.admin_readonly_hint()} />
        <TextField label={m.admin_field_description()} autoComplete="off" required {...form.text('description')} />
        <WorkTypeUomField control={form.text('unitOfMeasureCode')} current={record.unitOfMeasureCode} />
        <Checkbox label={m.admin_field_active()} {...form.checkbox('active')} />
        <EditFormActions busy={update.isPending} deleting={remove.isPending} cancelTo="/admin/worktypes" onDelete={onDelete} />
      </form>
    </AdminSection>
  );
}
