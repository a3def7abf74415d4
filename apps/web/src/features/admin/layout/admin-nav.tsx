import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { cn } from '../../../lib/cn.ts';

/** The admin console's sections as tabs; the current one carries aria-current="page". */
export function AdminNav() {
  const { t } = useTranslation();
  const sections = [
    { to: paths.adminUsers, label: t('audit.navUsers') },
    { to: paths.adminAudit, label: t('audit.adminTitle') },
  ];
  return (
    <nav aria-label="Admin" className="flex flex-wrap gap-1 border-b border-border">
      {sections.map((section) => (
        <NavLink
          key={section.to}
          to={section.to}
          className={({ isActive }) =>
            cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              isActive
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )
          }
        >
          {section.label}
        </NavLink>
      ))}
    </nav>
  );
}
