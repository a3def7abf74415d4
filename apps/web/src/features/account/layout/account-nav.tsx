import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { cn } from '../../../lib/cn.ts';

const SECTIONS = [
  { to: paths.account, label: 'Profile', end: true },
  { to: paths.accountSecurity, label: 'Security', end: false },
  { to: paths.accountSessions, label: 'Sessions', end: false },
  { to: paths.accountActivity, label: 'Security activity', end: false },
  { to: paths.accountConnections, label: 'Connected accounts', end: false },
  { to: paths.accountDelete, label: 'Delete account', end: false },
] as const;

/**
 * The account sections: a column beside the page on wide screens, a row of tabs that scrolls
 * sideways on phones. NavLink marks the current one with aria-current="page".
 */
export function AccountNav() {
  return (
    <nav
      aria-label="Account"
      className="-mx-4 border-b border-border md:mx-0 md:w-48 md:shrink-0 md:border-b-0"
    >
      <ul className="flex gap-1 overflow-x-auto px-4 md:flex-col md:overflow-visible md:px-0">
        {SECTIONS.map((section) => (
          <li key={section.to} className="shrink-0">
            <NavLink
              to={section.to}
              end={section.end}
              className={({ isActive }) =>
                cn(
                  'block rounded-t-md border-b-2 px-3 py-2 text-sm whitespace-nowrap',
                  'md:rounded-md md:border-b-0',
                  'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  isActive
                    ? 'border-primary font-medium text-foreground md:bg-muted'
                    : 'border-transparent text-muted-foreground hover:text-foreground md:hover:bg-muted',
                )
              }
            >
              {section.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
