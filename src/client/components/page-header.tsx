import { useEffect, type ReactNode } from 'react';
import { m } from '../../shared/paraglide/messages.js';

interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Buttons or links on the right (below the title on phones). */
  actions?: ReactNode;
}

/** The page's <h1>; also sets the browser tab title. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  useEffect(() => {
    document.title = `${title} · ${m.app_name()}`;
  }, [title]);

  return (
    <header className="page-header">
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        {subtitle && <p className="page-header__subtitle">{subtitle}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
