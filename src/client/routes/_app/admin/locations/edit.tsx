import { createFileRoute } from '@tanstack/react-router';
import { keySearch } from '../../../../lib/search';
import { LocationEditPage } from '../../../../features/admin/locations/location-edit-page';

export const Route = createFileRoute('/_app/admin/locations/edit')({
  validateSearch: keySearch('code'),
  component: function RouteComponent() {
    const { code } = Route.useSearch();
    return <LocationEditPage code={code} />;
  },
});
