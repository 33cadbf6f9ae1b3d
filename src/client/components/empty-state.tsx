import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  text?: ReactNode;
  /** E.g. an "Add" link. */
  action?: ReactNode;
}

/** Shown in place of a list or page body that has nothing to show. */
export function EmptyState({ title, text, action }: EmptyStateProps) {
  return (
    <div className="empty-state">
      <svg className="empty-state__icon" viewBox="0 0 48 48" aria-hidden="true">
        <rect x="8" y="6" width="32" height="36" rx="4" />
        <path d="M16 16h16M16 24h16M16 32h9" />
      </svg>
      <p className="empty-state__title">{title}</p>
      {text && <p className="empty-state__text">{text}</p>}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
