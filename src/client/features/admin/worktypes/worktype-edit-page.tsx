import { useNavigate } from '@tanstack/react-router';
import { m } from '../../../../shared/paraglide/messages.js';
import { ZUpdateWorkTypeInput, type TWorkType } from '../../../../shared/schemas/work-type';
import { Button } from '../../../components/button';
import { Checkbox, TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { trpc } from '../../../lib/trpc';
import { confirmDelete } from '../common/confirm-delete';
import { masterDataErrorMessage } from '../common/errors';
import { AdminSection, FormActions, ReadOnlyField, submitHandler } from '../common/form-parts';
import { PageState } from '../common/page-states';
import { useZodForm } from '../common/use-zod-form';
import '../common/admin-common.css';

/** /admin/worktypes/edit?code= (spec §2, §5): code read-only. */
export function WorktypeEditPage({ code }: { code: string }) {
  const record = trpc.workType.single.useQuery({ code }, { enabled: code !== '' });
  const state = PageState({ title: m.admin_worktypes_edit_title(), pending: record.isPending, error: record.error, missingKey: code === '', backTo: '/admin/worktypes', backLabel: m.admin_worktypes_back() });
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

function WorkTypeForm({ record }: { record: TWorkType }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const update = trpc.workType.update.useMutation();
  const remove = trpc.workType.delete.useMutation();
  const initial = (r: TWorkType) => ({ code: r.code, description: r.description, unitOfMeasureCode: r.unitOfMeasureCode ?? '', active: r.active });
  const form = useZodForm(ZUpdateWorkTypeInput, initial(record));
  const refresh = () => Promise.all([utils.workType.list.invalidate(), utils.workType.single.invalidate(), utils.workType.search.invalidate()]);

  const onSubmit = submitHandler(async (element) => {
    const values = form.validate(element);
    if (!values) return;
    try {
      const saved = await update.mutateAsync(values);
      form.reset(initial(saved));
      toast.success(m.admin_worktype_updated());
      await refresh();
    } catch (error) {
      form.setServerErrors(error);
      toast.error(masterDataErrorMessage(error));
    }
  });

  async function onDelete() {
    if (!(await confirmDelete(m.admin_worktype_describe({ code: record.code })))) return;
    try {
      await remove.mutateAsync({ code: record.code });
      toast.success(m.admin_worktype_deleted());
      await refresh();
      await navigate({ to: '/admin/worktypes' });
    } catch (error) {
      toast.error(masterDataErrorMessage(error));
    }
  }

  return (
    <AdminSection title={m.admin_details()}>
      <form noValidate onSubmit={onSubmit}>
        <ReadOnlyField label={m.admin_field_code()} value={record.code} hint={m.admin_readonly_hint()} />
        <TextField label={m.admin_field_description()} autoComplete="off" required {...form.text('description')} />
        <TextField label={m.admin_field_uom_optional()} autoComplete="off" spellCheck={false} {...form.text('unitOfMeasureCode')} />
        <Checkbox label={m.admin_field_active()} {...form.checkbox('active')} />
        <FormActions
          submitLabel={m.admin_save()}
          busy={update.isPending}
          cancelTo="/admin/worktypes"
          end={
            <Button variant="danger" onClick={() => void onDelete()} loading={remove.isPending}>
              {m.admin_delete()}
            </Button>
          }
        />
      </form>
    </AdminSection>
  );
}
