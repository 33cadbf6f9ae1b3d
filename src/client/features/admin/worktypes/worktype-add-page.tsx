import { useNavigate } from '@tanstack/react-router';
import { m } from '../../../../shared/paraglide/messages.js';
import { ZCreateWorkTypeInput } from '../../../../shared/schemas/work-type';
import { TextField } from '../../../components/field';
import { WorkTypeUomField } from './worktype-uom-field';
import { PageHeader } from '../../../components/page-header';
import { trpc } from '../../../lib/trpc';
import { AdminSection, FormActions } from '../common/form-parts';
import { useSaveAction } from '../common/use-record-actions';
import { useZodForm } from '../../../lib/use-zod-form';
import '../common/admin-common.css';

/** /admin/worktypes/add (spec §2, §5). */
export function WorktypeAddPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.workType.create.useMutation();
  const form = useZodForm(ZCreateWorkTypeInput, { code: '', description: '', unitOfMeasureCode: '' });
  const { onSubmit, formError } = useSaveAction(form, {
    save: (values) => create.mutateAsync(values),
    success: m.admin_worktype_created,
    then: () => Promise.all([utils.workType.list.invalidate(), utils.workType.search.invalidate()]).then(() => navigate({ to: '/admin/worktypes' })),
    failure: m.admin_worktype_create_failed,
  });

  return (
    <>
      <PageHeader title={m.admin_worktypes_add()} />
      <div className="admin-layout admin-layout--single">
        <AdminSection title={m.admin_details()}>
          <form noValidate onSubmit={onSubmit}>
            <TextField label={m.admin_field_code()} autoComplete="off" spellCheck={false} autoFocus required {...form.text('code')} />
            <TextField label={m.admin_field_description()} autoComplete="off" required {...form.text('description')} />
            <WorkTypeUomField control={form.text('unitOfMeasureCode')} />
            <p className="field__hint" style={{ marginTop: -8, marginBottom: 16 }}>
              {m.admin_worktype_uom_hint()}
            </p>
            {formError && <p className="form-error">{formError}</p>}
            <FormActions submitLabel={m.admin_create()} busy={create.isPending} cancelTo="/admin/worktypes" />
          </form>
        </AdminSection>
      </div>
    </>
  );
}
