import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readsAsWords, untranslatedText } from './testing/untranslated-scanner.ts';

/**
 * Every .ts and .tsx file of the web app, except tests, test helpers and the catalogues
 * themselves, is read for words written outside t() (testing/untranslated-scanner.ts says where
 * it looks). What is the same in every language is allowed below, each with its reason.
 */
const SRC = join(import.meta.dirname, '..');

/** Texts allowed in any file: the same in every language. */
const SAME_EVERYWHERE = new Set([
  // The product's name.
  'Gatehouse',
  // Example values in fields, typed as they are.
  'user.*',
  'https://',
  'https://example.com/logo.png',
  // Settings and values an operator types as they are.
  'SMTP_URL',
  'NODE_ENV',
  'production',
]);

/** Texts allowed in one file only, with why. */
const ALLOWED_IN: Record<string, string[]> = {
  // Each language is named in itself in the language picker.
  'i18n/language.ts': ['English', 'Deutsch', 'Français'],
  // Operating systems by their own names, and the sentinel for one not recognised, which
  // describeUserAgent puts in words before anything is shown.
  'lib/parse-user-agent.ts': ['Android', 'ChromeOS', 'Windows', 'Linux', 'Unknown'],
};

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory())
      return entry.name === 'testing' || path.endsWith(join('i18n', 'messages')) ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('words written outside t()', () => {
  it('the scanner catches JSX text, read props, toasts and returned words, and lets t() and codes through', () => {
    const source = [
      'export const A = () => <Button title="Remove it">Save</Button>;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source code under test, not a template.
      'export const B = ({ n }: { n: string }) => <Input aria-label={`Role of ${n}`} />;',
      "export const C = () => <Button title={t('x')}>{t('save')}</Button>;",
      'export const D = () => <span aria-hidden>–</span>;',
      "export const E = ({ on }: { on: boolean }) => <p title={on ? 'On' : t('off')}>{on || 'None'}</p>;",
      'export const F = ({ s }: { s: string }) => <Card heading="Danger" confirmLabel={s && \'Yes\'} />;',
      "export const G = () => { toast.success('Profile saved.'); return t('ok'); };",
      "export const H = () => [{ to: '/members', label: 'Members' }];",
      "export function I(code: string) { if (code) return 'Unknown'; return 'INVALID_TOKEN'; }",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source code under test, not a template.
      'export const J = (a: string, b: string) => `${a} on ${b}`;',
      "export const K = () => cn('flex items-center gap-2', 'org.error.x', 'user.signed_in');",
      "export const L = (x: number) => (x > 1 ? 'rounded-md border' : 'text-sm');",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source code under test, not a template.
      'export const M = ({ title }: { title: string }) => <title>{`${title} · Gatehouse`}</title>;',
    ].join('\n');
    expect(untranslatedText('sample.tsx', source, ['Gatehouse'])).toEqual([
      '1: Remove it',
      '1: Save',
      '2: Role of …',
      '5: On',
      '5: None',
      '6: Danger',
      '6: Yes',
      '7: Profile saved.',
      '8: Members',
      '9: Unknown',
      '10: … on …',
    ]);
  });

  it('tells words from codes, keys, paths and class lists', () => {
    for (const words of ['Unknown', 'Chrome on macOS', 'Passkey', 'Sign in'])
      expect(readsAsWords(words), words).toBe(true);
    for (const code of ['INVALID_TOKEN', 'error.unknown', '/api/auth', 'flex items-center', 'user', 'x'])
      expect(readsAsWords(code), code).toBe(false);
  });

  it('finds none in any folder of the web app', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(200);
    const folders = new Set(files.map((path) => relative(SRC, path).split('/')[0]));
    expect([...folders].sort()).toEqual([
      'app',
      'components',
      'config',
      'features',
      'i18n',
      'lib',
      'main.tsx',
    ]);
    const found = files.flatMap((path) => {
      const name = relative(SRC, path);
      const allowed = [...SAME_EVERYWHERE, ...(ALLOWED_IN[name] ?? [])];
      return untranslatedText(path, readFileSync(path, 'utf8'), allowed).map((hit) => `${name}:${hit}`);
    });
    expect(found).toEqual([]);
  });
});
