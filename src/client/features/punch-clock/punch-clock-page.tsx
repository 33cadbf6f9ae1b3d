import { m } from '../../../shared/paraglide/messages.js';
import { PlaceholderPage } from '../../components/placeholder-page';

/** Placeholder until its issue is done. */
export function PunchClockPage() {
  return <PlaceholderPage title={m.menu_punch_clock()} />;
}
