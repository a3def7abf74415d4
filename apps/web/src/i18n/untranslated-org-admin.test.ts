import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Words written straight into the organization, admin, API reference and dev mail screens would
 * show in English whatever the reader picked. This reads their .tsx files and fails on JSX text
 * and on people-facing attributes given as plain strings: such words belong in t().
 */
const SRC = join(import.meta.dirname, '..');
const SCANNED = ['features/organization', 'features/admin', 'features/api-docs', 'features/dev-mail'];

/** Attributes whose value people read or hear. */
const WORDY_ATTRIBUTES = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'label',
  'hint',
  'description',
  'confirmLabel',
  'cancelLabel',
  'submitLabel',
  'action',
]);

/** Text that is the same in every language: names, settings typed as they are, example addresses. */
const ALLOWED = new Set(['Gatehouse', 'SMTP_URL', 'NODE_ENV', 'production', 'https://example.com/logo.png']);

const hasWord = (text: string) => /\p{L}/u.test(text) && !ALLOWED.has(text.trim());

/** The untranslated words of one file, as `line: text`. */
export function untranslatedText(fileName: string, source: string): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim()}`);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWord(node.text)) report(node, node.text);
    if (ts.isStringLiteralLike(node) && hasWord(node.text) && shownAsIs(node, file))
      report(node, `'${node.text}'`);
    if (ts.isJsxAttribute(node) && WORDY_ATTRIBUTES.has(node.name.getText(file))) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value
          : value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
            ? value.expression
            : undefined;
      if (literal && hasWord(literal.text)) report(node, `${node.name.getText(file)}="${literal.text}"`);
      // A template with words outside its ${…} is a sentence put together in English.
      if (
        value &&
        ts.isJsxExpression(value) &&
        value.expression &&
        ts.isTemplateExpression(value.expression)
      ) {
        const template = value.expression;
        const words = [template.head.text, ...template.templateSpans.map((span) => span.literal.text)];
        if (words.some(hasWord)) report(node, `${node.name.getText(file)}={\`${words.join('…')}\`}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/**
 * Whether a string ends up on screen unchanged: it is a JSX child or a people-facing attribute,
 * possibly as one branch of `a ? 'x' : 'y'` or the fallback of `a || 'x'` / `a ?? 'x'`.
 */
function shownAsIs(literal: ts.Node, file: ts.SourceFile): boolean {
  const fallbacks = [
    ts.SyntaxKind.BarBarToken,
    ts.SyntaxKind.QuestionQuestionToken,
    ts.SyntaxKind.AmpersandAmpersandToken,
  ];
  let node = literal;
  for (;;) {
    const parent = node.parent;
    if (ts.isParenthesizedExpression(parent)) node = parent;
    else if (ts.isConditionalExpression(parent) && parent.condition !== node) node = parent;
    else if (
      ts.isBinaryExpression(parent) &&
      parent.right === node &&
      fallbacks.includes(parent.operatorToken.kind)
    )
      node = parent;
    else if (ts.isJsxExpression(parent)) {
      // A plain string attribute value is reported by the attribute check already.
      if (node === literal && ts.isJsxAttribute(parent.parent)) return false;
      return (
        ts.isJsxElement(parent.parent) ||
        ts.isJsxFragment(parent.parent) ||
        (ts.isJsxAttribute(parent.parent) && WORDY_ATTRIBUTES.has(parent.parent.name.getText(file)))
      );
    } else return false;
  }
}

function tsxFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('organization, admin, API reference and dev mail screens', () => {
  it('the scanner catches words written straight into JSX, and lets t() and symbols through', () => {
    const source = [
      'export const A = () => <Button title="Remove it">Save</Button>;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source code under test, not a template.
      'export const B = ({ n }: { n: string }) => <Input aria-label={`Role of ${n}`} />;',
      "export const C = () => <Button title={t('x')}>{t('save')}</Button>;",
      'export const D = () => <span aria-hidden>–</span>;',
      "export const E = ({ on }: { on: boolean }) => <p title={on ? 'On' : t('off')}>{on || 'None'}</p>;",
      "export const F = ({ s }: { s: string }) => <p>{s === 'taken' && t('taken')}</p>;",
    ].join('\n');
    expect(untranslatedText('sample.tsx', source)).toEqual([
      '1: title="Remove it"',
      '1: Save',
      '2: aria-label={`Role of …`}',
      "5: 'On'",
      "5: 'None'",
    ]);
  });

  it('have no words outside t()', () => {
    const files = SCANNED.flatMap((directory) => tsxFiles(join(SRC, directory)));
    expect(files.length).toBeGreaterThan(40);
    const found = files.flatMap((path) =>
      untranslatedText(path, readFileSync(path, 'utf8')).map((hit) => `${relative(SRC, path)}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
