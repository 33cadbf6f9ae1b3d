import { m } from '../../shared/paraglide/messages.js';
import { formatDate } from '../lib/format';
import { Logo } from './logo';

export function Footer() {
  const year = formatDate(new Date(), { year: 'numeric' });
  return (
    <footer className="footer">
      <Logo size={20} />
      <span>{m.footer_copyright({ year })}</span>
    </footer>
  );
}
