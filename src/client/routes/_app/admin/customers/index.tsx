import { createFileRoute } from '@tanstack/react-router';
import { CustomersPage } from '../../../../features/admin/customers/customers-page';

export const Route = createFileRoute('/_app/admin/customers/')({
  component: CustomersPage,
});
