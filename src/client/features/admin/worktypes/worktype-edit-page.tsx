import { m } from '../../../../shared/paraglide/messages.js';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** Placeholder until its issue is done; the route passes the record key. */
export function WorktypeEditPage({ code }: { code: string }) {
  return <PlaceholderPage title={m.section_worktypes()} subtitle={`${m.crumb_edit()} · ${code}`} />;
}
