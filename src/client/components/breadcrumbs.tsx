import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useSyncExternalStore } from 'react';
import { BREADCRUMB_DEPTH } from '../../shared/limits';
import { m } from '../../shared/paraglide/messages.js';

const labels: Record<string, () => string> = {
  worksheet: m.menu_worksheet,
  'punch-clock': m.menu_punch_clock,
  archive: m.menu_archive,
  reports: m.rep_menu,
  admin: m.menu_admin,
  account: m.section_account,
  users: m.section_users,
  resources: m.section_resources,
  items: m.section_items,
  locations: m.section_locations,
  worktypes: m.section_worktypes,
  customers: m.section_customers,
  jobs: m.section_jobs,
  webhooks: m.wh_title,
  import: m.imp_title,
  add: m.crumb_add,
  edit: m.crumb_edit,
};

/*
 * A page may name its own last crumb (issue 23 §5: an entry's date and unit instead of its id in
 * "Worksheet › Edit › 42"); the name holds for that path only.
 */
let named: { path: string; label: string } | null = null;
const listeners = new Set<() => void>();
const setNamed = (next: typeof named) => {
  named = next;
  for (const l of listeners) l();
};

/** Names the current page's last crumb while the page is shown (undefined: the path segment). */
export function useCrumbLabel(path: string, label: string | undefined): void {
  useEffect(() => {
    if (label === undefined) return;
    setNamed({ path, label });
    return () => {
      if (named?.path === path) setNamed(null);
    };
  }, [path, label]);
}

interface Crumb {
  label: string;
  /** Set when the crumb's path is a page of its own (/worksheet/edit is not). */
  to?: string;
}

/** Spec §2: built from the path segments, at most 3 deep. Nothing on the home page. */
export function Breadcrumbs() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const { routesByPath } = useRouter();
  const name = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => named,
  );
  const segments = pathname.split('/').filter(Boolean).slice(0, BREADCRUMB_DEPTH);
  if (segments.length < 2) return null;

  const crumbs: Crumb[] = segments.map((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    // /worksheet only redirects to the worksheet home.
    const to = path === '/worksheet' ? '/' : path in routesByPath ? path : undefined;
    const own = index === segments.length - 1 && name?.path === pathname ? name.label : undefined;
    return { label: own ?? labels[segment]?.() ?? decodeURIComponent(segment), to };
  });

  return (
    <nav className="crumbs" aria-label={m.crumbs_label()}>
      <ol>
        {crumbs.map((crumb, index) => (
          <li key={index}>
            {index === crumbs.length - 1 ? <span aria-current="page">{crumb.label}</span> : crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : <span>{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
