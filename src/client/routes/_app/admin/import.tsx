import { createFileRoute } from '@tanstack/react-router';
import { ImportPage } from '../../../features/admin/import/import-page';

export const Route = createFileRoute('/_app/admin/import')({
  component: ImportPage,
});
