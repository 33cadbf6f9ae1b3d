import { createFileRoute } from '@tanstack/react-router';
import { CustomerAddPage } from '../../../../features/admin/customers/customer-add-page';

export const Route = createFileRoute('/_app/admin/customers/add')({
  component: CustomerAddPage,
});
