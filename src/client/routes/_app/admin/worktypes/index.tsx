import { createFileRoute } from '@tanstack/react-router';
import { WorktypesPage } from '../../../../features/admin/worktypes/worktypes-page';

export const Route = createFileRoute('/_app/admin/worktypes/')({
  component: WorktypesPage,
});
