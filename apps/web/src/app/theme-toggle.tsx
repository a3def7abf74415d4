import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.tsx';
import { useTranslation } from '../i18n/language.ts';
import { useTheme } from '../lib/theme.ts';
import { LanguageChoices, ThemeChoices } from './theme-choices.tsx';

const ICONS = { system: '◐', light: '☀', dark: '☾' } as const;

/**
 * The theme and language menu for signed-out people; signed-in people find both in their user
 * menu.
 */
export function ThemeToggle() {
  const { theme } = useTheme();
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="min-h-10 rounded-md px-2 text-sm text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
        <span aria-hidden>{ICONS[theme]}</span>
        <span className="sr-only">{t('theme.current')} </span>
        <span className="ml-1 max-sm:sr-only">{t(`theme.${theme}`)}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-44">
        <DropdownMenuLabel>{t('menu.theme')}</DropdownMenuLabel>
        <ThemeChoices />
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('menu.language')}</DropdownMenuLabel>
        <LanguageChoices />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
