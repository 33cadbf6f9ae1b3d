import { createFileRoute } from '@tanstack/react-router';
import { JobAddPage } from '../../../../features/admin/jobs/job-add-page';

export const Route = createFileRoute('/_app/admin/jobs/add')({
  component: JobAddPage,
});
