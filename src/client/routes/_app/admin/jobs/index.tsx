import { createFileRoute } from '@tanstack/react-router';
import { JobsPage } from '../../../../features/admin/jobs/jobs-page';

export const Route = createFileRoute('/_app/admin/jobs/')({
  component: JobsPage,
});
