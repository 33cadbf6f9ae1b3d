import { m } from '../../../../shared/paraglide/messages.js';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** Placeholder until its issue is done. */
export function WorktypeAddPage() {
  return <PlaceholderPage title={m.section_worktypes()} subtitle={m.crumb_add()} />;
}
