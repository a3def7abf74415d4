import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import type { MessageKey } from '../../../i18n/en.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { cn } from '../../../lib/cn.ts';
import { productConfigQueryOptions } from '../../../lib/product-config-query.ts';

const SECTIONS = [
  { to: paths.account, label: 'account.nav.profile', end: true },
  { to: paths.accountSecurity, label: 'account.nav.security', end: false },
  { to: paths.accountSessions, label: 'account.nav.sessions', end: false },
  { to: paths.accountActivity, label: 'account.nav.activity', end: false },
  { to: paths.accountConnections, label: 'account.nav.connections', end: false },
  { to: paths.accountApiKeys, label: 'apiKey.title', end: false },
  { to: paths.accountDelete, label: 'account.nav.delete', end: false },
] as const satisfies readonly { to: string; label: MessageKey; end: boolean }[];

/**
 * The account sections: a column beside the page on wide screens, a row of tabs that scrolls
 * sideways on phones. NavLink marks the current one with aria-current="page".
 */
export function AccountNav() {
  const { t } = useTranslation();
  // API keys only where the server offers them (API_KEYS).
  const config = useQuery(productConfigQueryOptions());
  const sections = SECTIONS.filter((section) => section.to !== paths.accountApiKeys || config.data?.apiKeys);
  return (
    <nav
      aria-label={t('account.nav')}
      className="-mx-4 border-b border-border md:mx-0 md:w-48 md:shrink-0 md:border-b-0"
    >
      <ul className="flex gap-1 overflow-x-auto px-4 md:flex-col md:overflow-visible md:px-0">
        {sections.map((section) => (
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
              {t(section.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
