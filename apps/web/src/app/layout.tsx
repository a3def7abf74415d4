import { useSession } from '@gatehouse/client/react';
import { Link, Outlet } from 'react-router';
import { paths } from '../config/paths.ts';
import { ImpersonationBanner } from '../features/admin/impersonation/impersonation-banner.tsx';
import { OrganizationSwitcher } from '../features/organization/switcher/organization-switcher.tsx';
import { TwoFactorPolicyRedirect } from '../features/organization/two-factor-policy/two-factor-policy-redirect.tsx';
import { ReauthDialog } from '../features/reauth/reauth-dialog.tsx';
import { ResumeAfterReauth } from '../features/reauth/resume-after-reauth.tsx';
import { useTranslation } from '../i18n/language.ts';
import { ThemeToggle } from './theme-toggle.tsx';
import { useFocusHeadingOnNavigate } from './use-focus-heading.ts';
import { UserMenu } from './user-menu.tsx';

export function Layout() {
  const { data } = useSession();
  const { t } = useTranslation();
  useFocusHeadingOnNavigate();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        {t('layout.skip')}
      </a>
      <ImpersonationBanner />
      <header className="border-b border-border bg-card">
        <nav
          aria-label={t('ui.mainNav')}
          className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-2"
        >
          <Link to={data ? paths.account : paths.home} className="shrink-0 font-semibold">
            Gatehouse
          </Link>
          <div className="flex min-w-0 items-center gap-2">
            <OrganizationSwitcher />
            {data ? (
              <UserMenu />
            ) : (
              <>
                <Link to={paths.signIn} className="text-sm hover:underline">
                  {t('layout.signIn')}
                </Link>
                <ThemeToggle />
              </>
            )}
          </div>
        </nav>
      </header>
      <main id="main" className="mx-auto w-full max-w-4xl flex-1 px-4 py-8">
        <Outlet />
      </main>
      <footer className="border-t border-border">
        <nav aria-label={t('layout.footer')} className="mx-auto flex max-w-4xl gap-4 px-4 py-3 text-sm">
          <Link to={paths.apiDocs} className="text-muted-foreground hover:underline">
            {t('apiDocs.title')}
          </Link>
        </nav>
      </footer>
      <ReauthDialog />
      <ResumeAfterReauth />
      <TwoFactorPolicyRedirect />
    </div>
  );
}
