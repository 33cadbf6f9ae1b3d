import { m } from '../../../../shared/paraglide/messages.js';
import { ZUpdateJobInput, type TJob } from '../../../../shared/schemas/job';
import { ZCreateJobTaskInput, ZUpdateJobTaskInput } from '../../../../shared/schemas/job-task';
import { Checkbox } from '../../../components/field';
import { PageHeader } from '../../../components/page-header';
import { trpc } from '../../../lib/trpc';
import { ChildPanel } from '../common/child-panel';
import { AdminSection, EditFormActions, ReadOnlyField } from '../common/form-parts';
import { PageState } from '../common/page-states';
import { useEditRecord } from '../common/use-record-actions';
import { useZodForm } from '../../../lib/use-zod-form';
import { JobFields } from './job-fields';
import '../common/admin-common.css';

/** /admin/jobs/edit?code= (spec §2): the job form beside its job tasks. */
export function JobEditPage({ code }: { code: string }) {
  const record = trpc.job.single.useQuery({ code }, { enabled: code !== '' });
  const state = PageState({
    title: m.admin_jobs_edit_title(),
    pending: record.isPending,
    error: record.error,
    missingKey: code === '',
    backTo: '/admin/jobs',
    backLabel: m.admin_jobs_back(),
  });
  if (state || !record.data) return state;
  return (
    <>
      <PageHeader title={m.admin_jobs_edit_title()} subtitle={record.data.description ? `${record.data.code} · ${record.data.description}` : record.data.code} />
      <div className="admin-layout admin-layout--split">
        <JobForm record={record.data} />
        <JobTasksPanel jobCode={record.data.code} />
      </div>
    </>
  );
}

const initial = (r: TJob) => ({
  code: r.code,
  description: r.description ?? '',
  billToCustomerNo: r.billToCustomerNo,
  teamCode: r.teamCode ?? '',
  active: r.active,
  version: r.version,
});

function JobForm({ record }: { record: TJob }) {
  const utils = trpc.useUtils();
  const update = trpc.job.update.useMutation();
  const remove = trpc.job.delete.useMutation();
  const form = useZodForm(ZUpdateJobInput, initial(record));
  const { onSubmit, onDelete } = useEditRecord(form, {
    update: (values) => update.mutateAsync(values),
    reset: initial,
    remove: () => remove.mutateAsync({ code: record.code }),
    refresh: () => Promise.all([utils.job.list.invalidate(), utils.job.single.invalidate(), utils.job.search.invalidate()]),
    listPath: '/admin/jobs',
    text: { what: () => m.admin_job_describe({ code: record.code }), updated: m.admin_job_updated, deleted: m.admin_job_deleted },
  });

  return (
    <AdminSection title={m.admin_details()}>
      <form noValidate onSubmit={onSubmit}>
        <ReadOnlyField label={m.admin_field_code()} value={record.code} hint={m.admin_readonly_hint()} />
        <JobFields form={form} current={record} />
        <Checkbox label={m.admin_field_active()} {...form.checkbox('active')} />
        <EditFormActions busy={update.isPending} deleting={remove.isPending} cancelTo="/admin/jobs" onDelete={onDelete} />
      </form>
    </AdminSection>
  );
}

const taskCreateSchema = ZCreateJobTaskInput.pick({ code: true, description: true });
const taskUpdateSchema = ZUpdateJobTaskInput.pick({ description: true, active: true });

/** The job's tasks, managed inline (spec §2). */
function JobTasksPanel({ jobCode }: { jobCode: string }) {
  const utils = trpc.useUtils();
  const tasks = trpc.jobTask.list.useQuery({ jobCode });
  const create = trpc.jobTask.create.useMutation();
  const update = trpc.jobTask.update.useMutation();
  const remove = trpc.jobTask.delete.useMutation();
  const refresh = () => Promise.all([utils.jobTask.list.invalidate({ jobCode }), utils.jobTask.search.invalidate()]);
  return (
    <ChildPanel
      testId="tasks-panel"
      rows={tasks.data}
      loading={tasks.isPending}
      createSchema={taskCreateSchema}
      updateSchema={taskUpdateSchema}
      text={{
        title: m.admin_tasks_title(),
        add: m.admin_tasks_add(),
        empty: m.admin_tasks_empty(),
        codeLabel: m.admin_field_code(),
        descriptionLabel: m.admin_field_description(),
        describe: (taskCode) => m.admin_task_describe({ code: taskCode }),
        created: m.admin_task_created(),
        createFailed: m.admin_task_create_failed(),
        updated: m.admin_task_updated(),
        deleted: m.admin_task_deleted(),
      }}
      onCreate={async (values) => {
        await create.mutateAsync({ jobCode, ...values });
        await refresh();
      }}
      onUpdate={async (taskCode, values) => {
        await update.mutateAsync({ jobCode, code: taskCode, ...values });
        await refresh();
      }}
      onDelete={async (taskCode) => {
        await remove.mutateAsync({ jobCode, code: taskCode });
        await refresh();
      }}
    />
  );
}
