import { Link, type LinkProps } from '@tanstack/react-router';
import { m } from '../../../shared/paraglide/messages.js';
import { PageHeader } from '../../components/page-header';

interface Tile {
  to: LinkProps['to'];
  title: () => string;
  text: () => string;
  /** SVG path(s) of a 24×24 line icon. */
  icon: string;
}

const tiles: Tile[] = [
  { to: '/admin/account', title: m.section_account, text: m.tile_account_text, icon: 'M4 21V5a2 2 0 0 1 2-2h8l6 6v12zM14 3v6h6M8 13h8M8 17h5' },
  { to: '/admin/users', title: m.section_users, text: m.tile_users_text, icon: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M17 11a3 3 0 1 0 0-6M22 21a6 6 0 0 0-4-5.6' },
  { to: '/admin/resources', title: m.section_resources, text: m.tile_resources_text, icon: 'M12 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 22v-5a6 6 0 0 1 12 0v5M9 22v-4M15 22v-4' },
  { to: '/admin/items', title: m.section_items, text: m.tile_items_text, icon: 'M21 8l-9-5-9 5 9 5 9-5zM3 8v8l9 5 9-5V8M12 13v8' },
  {
    to: '/admin/locations',
    title: m.section_locations,
    text: m.tile_locations_text,
    icon: 'M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z',
  },
  { to: '/admin/worktypes', title: m.section_worktypes, text: m.tile_worktypes_text, icon: 'M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-2.5z' },
  { to: '/admin/customers', title: m.section_customers, text: m.tile_customers_text, icon: 'M3 21V7l6-4 6 4v14M15 21V11h6v10M7 9h4M7 13h4M7 17h4M2 21h20' },
  { to: '/admin/jobs', title: m.section_jobs, text: m.tile_jobs_text, icon: 'M3 7h18v13H3zM8 7V4h8v3M3 12h18' },
  { to: '/admin/import', title: m.imp_title, text: m.imp_tile_text, icon: 'M12 3v12M7 10l5 5 5-5M4 17v3h16v-3' },
  { to: '/admin/webhooks', title: m.wh_title, text: m.wh_tile_text, icon: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7' },
];

/** Spec §2: the admin menu, one tile per master-data area. */
export function AdminMenuPage() {
  return (
    <>
      <PageHeader title={m.menu_admin()} subtitle={m.page_admin_subtitle()} />
      <ul className="tiles">
        {tiles.map((tile) => (
          <li key={tile.to}>
            <Link to={tile.to} className="tile">
              <svg className="tile__icon" viewBox="0 0 24 24" aria-hidden="true">
                <path d={tile.icon} />
              </svg>
              <span className="tile__title">{tile.title()}</span>
              <span className="tile__text">{tile.text()}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
