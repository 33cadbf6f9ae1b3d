import { createFileRoute } from '@tanstack/react-router';
import { ItemAddPage } from '../../../../features/admin/items/item-add-page';

export const Route = createFileRoute('/_app/admin/items/add')({
  component: ItemAddPage,
});
