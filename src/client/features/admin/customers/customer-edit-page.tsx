import { m } from '../../../../shared/paraglide/messages.js';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** Placeholder until its issue is done; the route passes the record key. */
export function CustomerEditPage({ no }: { no: string }) {
  return <PlaceholderPage title={m.section_customers()} subtitle={`${m.crumb_edit()} · ${no}`} />;
}
