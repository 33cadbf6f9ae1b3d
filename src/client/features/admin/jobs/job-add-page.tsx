import { useNavigate } from '@tanstack/react-router';
import { m } from '../../../../shared/paraglide/messages.js';
import { ZCreateJobInput } from '../../../../shared/schemas/job';
import { TextField } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { trpc } from '../../../lib/trpc';
import { AdminSection, FormActions } from '../common/form-parts';
import { useSaveAction } from '../common/use-record-actions';
import { useZodForm } from '../../../lib/use-zod-form';
import { JobFields } from './job-fields';
import '../common/admin-common.css';

/** /admin/jobs/add (spec §2, §5); afterwards the edit page, where the tasks are added. */
export function JobAddPage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.job.create.useMutation();
  const form = useZodForm(ZCreateJobInput, { code: '', description: '', billToCustomerNo: '', teamCode: '' });
  const { onSubmit, formError } = useSaveAction(form, {
    save: (values) => create.mutateAsync(values),
    success: m.admin_job_created,
    then: (created) => Promise.all([utils.job.list.invalidate(), utils.job.search.invalidate()]).then(() => navigate({ to: '/admin/jobs/edit', search: { code: created.code } })),
    failure: m.admin_job_create_failed,
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
