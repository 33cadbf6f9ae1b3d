import { createFileRoute } from '@tanstack/react-router';
import { ResourceAddPage } from '../../../../features/admin/resources/resource-add-page';

export const Route = createFileRoute('/_app/admin/resources/add')({
  component: ResourceAddPage,
});
