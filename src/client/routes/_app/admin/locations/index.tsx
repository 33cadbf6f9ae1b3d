import { createFileRoute } from '@tanstack/react-router';
import { LocationsPage } from '../../../../features/admin/locations/locations-page';

export const Route = createFileRoute('/_app/admin/locations/')({
  component: LocationsPage,
});
