import { createFileRoute } from '@tanstack/react-router';
import { ItemsPage } from '../../../../features/admin/items/items-page';

export const Route = createFileRoute('/_app/admin/items/')({
  component: ItemsPage,
});
