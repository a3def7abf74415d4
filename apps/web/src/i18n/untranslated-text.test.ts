import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A heuristic guard: words written straight into the JSX of these folders, instead of going
 * through `t()`, fail this test. It reads JSX text, the string attributes that people read, string
 * literals placed in JSX braces (also as either side of `? :`) and toast messages.
 */
const SRC = join(import.meta.dirname, '..');
const FOLDERS = [
  'app',
  'components',
  'lib',
  'features/auth',
  'features/account',
  'features/reauth',
  'features/social',
];

/** Attributes whose value is read by people (or said by screen readers). */
const READ_ATTRIBUTES = new Set([
  'label',
  'title',
  'description',
  'placeholder',
  'aria-label',
  'alt',
  'hint',
  'submitLabel',
  'confirmLabel',
  'cancelLabel',
]);

/** Words that are the same in every language: the product's name, the start of a web address. */
const ALLOWED = ['Gatehouse', 'https://'];

function tsxFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

const hasWords = (text: string) =>
  /\p{L}{2,}/u.test(ALLOWED.reduce((rest, allowed) => rest.replaceAll(allowed, ''), text));

function stringOf(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  return null;
}

/** Literal strings a JSX expression can show: `{'x'}`, `{a ? 'x' : 'y'}`, `{a && 'x'}`. */
function shownStrings(node: ts.Expression): string[] {
  const direct = stringOf(node);
  if (direct !== null) return [direct];
  if (ts.isParenthesizedExpression(node)) return shownStrings(node.expression);
  if (ts.isConditionalExpression(node))
    return [...shownStrings(node.whenTrue), ...shownStrings(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return shownStrings(node.right);
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  return [];
}

export function untranslatedTexts(source: string, fileName = 'file.tsx'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(file)) && node.initializer) {
      const value = stringOf(node.initializer);
      if (value !== null) found.push(value);
      if (ts.isJsxExpression(node.initializer) && node.initializer.expression)
        found.push(...shownStrings(node.initializer.expression));
    }
    // A child in braces: <title>{`${title} · Gatehouse`}</title> checks the template's own words.
    const isChild =
      node.parent !== undefined && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent));
    if (ts.isJsxExpression(node) && isChild && node.expression) found.push(...shownStrings(node.expression));
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.expression.getText(file) === 'toast'
    ) {
      for (const argument of node.arguments) found.push(...shownStrings(argument));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found.filter(hasWords);
}

describe('untranslated words in JSX', () => {
  it('finds words in text, attributes, braces and toasts, and lets the allowed ones pass', () => {
    const source = `
      export const A = () => (
        <div title="Hello there" aria-label={t('ok')}>
          <Button>Save</Button>
          {busy ? 'Saving…' : t('x')}
          <span aria-hidden>→</span> Gatehouse
          <title>{\`\${title} · Gatehouse\`}</title>
          <input placeholder="https://" />
        </div>
      );
      toast.success('Profile saved.');
    `;
    expect(untranslatedTexts(source).sort()).toEqual(['Hello there', 'Profile saved.', 'Save', 'Saving…']);
  });

  for (const folder of FOLDERS) {
    it(`${folder}: every word goes through t()`, () => {
      const found = tsxFiles(join(SRC, folder)).flatMap((path) =>
        untranslatedTexts(readFileSync(path, 'utf8'), path).map((text) => `${relative(SRC, path)}: ${text}`),
      );
      expect(found).toEqual([]);
    });
  }
});
