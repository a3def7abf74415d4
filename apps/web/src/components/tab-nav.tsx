import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../lib/cn.ts';

/**
 * The navigation state a tab's link carries: the layout around the tabs (and its h1) stays, so
 * focus goes to the heading of the new tab's content (app/use-focus-heading.ts).
 */
export const TAB_NAVIGATION = { focusTabContent: true } as const;

/** Marks where a tab's content is, so focus can find its heading after a tab is chosen. */
export const TAB_CONTENT_ATTRIBUTE = 'data-tab-content';

/** Marks the heading that names a tab's content when it is not the first one (a form comes first). */
export const TAB_HEADING_ATTRIBUTE = 'data-tab-heading';

/** An area's sections as tab-like links; the current one is marked for screen readers too. */
export function TabNav({ label, tabs }: { label: string; tabs: { to: string; label: string }[] }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-1 border-b border-border">
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          state={TAB_NAVIGATION}
          className={({ isActive }) =>
            cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              isActive
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The content of the chosen tab, under the layout's own heading. */
export function TabContent({ children }: { children: ReactNode }) {
  return <div {...{ [TAB_CONTENT_ATTRIBUTE]: '' }}>{children}</div>;
}
