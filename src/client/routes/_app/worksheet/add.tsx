import { createFileRoute } from '@tanstack/react-router';
import { WorksheetAddPage } from '../../../features/worksheet/worksheet-add-page';

export const Route = createFileRoute('/_app/worksheet/add')({
  component: WorksheetAddPage,
});
