import { DropdownMenuRadioGroup, DropdownMenuRadioItem } from '../components/ui/dropdown-menu.tsx';
import { LANGUAGE_NAMES, LANGUAGES, type Language, setLanguage, useTranslation } from '../i18n/language.ts';
import { setTheme, THEMES, type Theme, useTheme } from '../lib/theme.ts';

/** System, Light and Dark as a menu's radio items; choosing one applies and keeps it. */
export function ThemeChoices() {
  const { theme } = useTheme();
  const { t } = useTranslation();
  return (
    <DropdownMenuRadioGroup value={theme} onValueChange={(value) => setTheme(value as Theme)}>
      {THEMES.map((each) => (
        <DropdownMenuRadioItem key={each} value={each}>
          {t(`theme.${each}`)}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}

/** The languages the app speaks, each named in itself; choosing one applies and keeps it. */
export function LanguageChoices() {
  const { language } = useTranslation();
  return (
    <DropdownMenuRadioGroup value={language} onValueChange={(value) => setLanguage(value as Language)}>
      {LANGUAGES.map((each) => (
        <DropdownMenuRadioItem key={each} value={each} lang={each}>
          {LANGUAGE_NAMES[each]}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );
}
