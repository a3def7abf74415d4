import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu.tsx';
import { themeLabels, useTheme } from '../lib/theme.ts';
import { ThemeChoices } from './theme-choices.tsx';

const ICONS = { system: '◐', light: '☀', dark: '☾' } as const;

/** The theme menu for signed-out people; signed-in people find the theme in their user menu. */
export function ThemeToggle() {
  const { theme } = useTheme();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="min-h-10 rounded-md px-2 text-sm text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
        <span aria-hidden>{ICONS[theme]}</span>
        <span className="sr-only">Theme: </span>
        <span className="ml-1 max-sm:sr-only">{themeLabels[theme]}</span>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="w-40">
        <DropdownMenuLabel>Theme</DropdownMenuLabel>
        <ThemeChoices />
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
