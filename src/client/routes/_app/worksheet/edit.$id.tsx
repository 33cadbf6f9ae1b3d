import { createFileRoute } from '@tanstack/react-router';
import { WorksheetEditPage } from '../../../features/worksheet/worksheet-edit-page';

export const Route = createFileRoute('/_app/worksheet/edit/$id')({
  component: function RouteComponent() {
    const { id } = Route.useParams();
    return <WorksheetEditPage id={id} />;
  },
});
