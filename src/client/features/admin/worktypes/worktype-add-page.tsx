import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { m } from '../../../../shared/paraglide/messages.js';
import { ZCreateWorkTypeInput } from '../../../../shared/schemas/work-type';
import { TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { trpc } from '../../../lib/trpc';
import { masterDataErrorMessage } from '../common/errors';
import { AdminSection, FormActions, submitHandler } from '../common/form-parts';
import { useZodForm } from '../common/use-zod-form';
import '../common/admin-common.css';

/** /admin/worktypes/add (spec §2, §5). */
export function WorktypeAddPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.workType.create.useMutation();
  const form = useZodForm(ZCreateWorkTypeInput, { code: '', description: '', unitOfMeasureCode: '' });
  const [formError, setFormError] = useState<string>();

  const onSubmit = submitHandler(async (element) => {
    const values = form.validate(element);
    if (!values) return;
    setFormError(undefined);
    try {
      await create.mutateAsync(values);
      toast.success(m.admin_worktype_created());
      await Promise.all([utils.workType.list.invalidate(), utils.workType.search.invalidate()]);
      await navigate({ to: '/admin/worktypes' });
    } catch (error) {
      form.setServerErrors(error);
      setFormError(masterDataErrorMessage(error));
      toast.error(m.admin_worktype_create_failed());
    }
  });

  return (
    <>
      <PageHeader title={m.admin_worktypes_add()} />
      <div className="admin-layout admin-layout--single">
        <AdminSection title={m.admin_details()}>
          <form noValidate onSubmit={onSubmit}>
            <TextField label={m.admin_field_code()} autoComplete="off" spellCheck={false} autoFocus required {...form.text('code')} />
            <TextField label={m.admin_field_description()} autoComplete="off" required {...form.text('description')} />
            <TextField label={m.admin_field_uom_optional()} autoComplete="off" spellCheck={false} {...form.text('unitOfMeasureCode')} />
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
