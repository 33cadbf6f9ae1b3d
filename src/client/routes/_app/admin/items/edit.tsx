import { createFileRoute } from '@tanstack/react-router';
import { keySearch } from '../../../../lib/search';
import { ItemEditPage } from '../../../../features/admin/items/item-edit-page';

export const Route = createFileRoute('/_app/admin/items/edit')({
  validateSearch: keySearch('no'),
  component: function RouteComponent() {
    const { no } = Route.useSearch();
    return <ItemEditPage no={no} />;
  },
});
