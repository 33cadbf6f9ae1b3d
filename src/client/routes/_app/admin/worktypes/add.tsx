import { createFileRoute } from '@tanstack/react-router';
import { WorktypeAddPage } from '../../../../features/admin/worktypes/worktype-add-page';

export const Route = createFileRoute('/_app/admin/worktypes/add')({
  component: WorktypeAddPage,
});
