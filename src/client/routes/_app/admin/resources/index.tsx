import { createFileRoute } from '@tanstack/react-router';
import { ResourcesPage } from '../../../../features/admin/resources/resources-page';

export const Route = createFileRoute('/_app/admin/resources/')({
  component: ResourcesPage,
});
