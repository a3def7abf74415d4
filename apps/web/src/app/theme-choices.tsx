import { DropdownMenuRadioGroup, DropdownMenuRadioItem } from '../components/ui/dropdown-menu.tsx';
import { setTheme, THEMES, type Theme, themeLabels, useTheme } from '../lib/theme.ts';

/** System, Light and Dark as a menu's radio items; choosing one applies and keeps it. */
export function ThemeChoices() {
  const { theme } = useTheme();
  return (
    <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
      {THEMES.map((each) => (
        <DropdownMenuRadioItem key={each} value={each}>
          {themeLabels[each]}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}
