import { m } from '../../../../shared/paraglide/messages.js';
import { PlaceholderPage } from '../../../components/placeholder-page';

/** Placeholder until its issue is done. */
export function CustomerAddPage() {
  return <PlaceholderPage title={m.section_customers()} subtitle={m.crumb_add()} />;
}
