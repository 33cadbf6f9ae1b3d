import { m } from '../../shared/paraglide/messages.js';
import { Logo } from './logo';

export function Footer() {
  // The year's digits are the same in every locale we have; Intl's first date format loads its
  // locale data (~90 ms at 4× CPU slowdown), which the app layout's first render need not wait for.
  const year = String(new Date().getFullYear());
  return (
    <footer className="footer">
      <Logo size={20} />
      <span>{m.footer_copyright({ year })}</span>
    </footer>
  );
}
