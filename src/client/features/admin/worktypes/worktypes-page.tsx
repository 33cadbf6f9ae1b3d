import { m } from '../../../../shared/paraglide/messages.js';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** Placeholder until its issue is done. */
export function WorktypesPage() {
  return <PlaceholderPage title={m.section_worktypes()} />;
}
