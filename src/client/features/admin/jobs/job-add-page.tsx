import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { m } from '../../../../shared/paraglide/messages.js';
import { ZCreateJobInput } from '../../../../shared/schemas/job';
import { TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { toast } from '../../../components/toast';
import { trpc } from '../../../lib/trpc';
import { masterDataErrorMessage } from '../common/errors';
import { AdminSection, FormActions, submitHandler } from '../common/form-parts';
import { useZodForm } from '../common/use-zod-form';
import { JobFields } from './job-fields';
import '../common/admin-common.css';

/** /admin/jobs/add (spec §2, §5); afterwards the edit page, where the tasks are added. */
export function JobAddPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.job.create.useMutation();
  const form = useZodForm(ZCreateJobInput, { code: '', description: '', billToCustomerNo: '', teamCode: '' });
  const [formError, setFormError] = useState<string>();

  const onSubmit = submitHandler(async (element) => {
    const values = form.validate(element);
    if (!values) return;
    setFormError(undefined);
    try {
      const created = await create.mutateAsync(values);
      toast.success(m.admin_job_created());
      await Promise.all([utils.job.list.invalidate(), utils.job.search.invalidate()]);
      await navigate({ to: '/admin/jobs/edit', search: { code: created.code } });
    } catch (error) {
      form.setServerErrors(error);
      setFormError(masterDataErrorMessage(error));
      toast.error(m.admin_job_create_failed());
    }
  });

  return (
    <>
      <PageHeader title={m.admin_jobs_add()} />
      <div className="admin-layout admin-layout--single">
        <AdminSection title={m.admin_details()}>
          <form noValidate onSubmit={onSubmit}>
            <TextField label={m.admin_field_code()} autoComplete="off" spellCheck={false} autoFocus required {...form.text('code')} />
            <JobFields form={form} />
            {formError && <p className="form-error">{formError}</p>}
            <FormActions submitLabel={m.admin_create()} busy={create.isPending} cancelTo="/admin/jobs" />
          </form>
        </AdminSection>
      </div>
    </>
  );
}
