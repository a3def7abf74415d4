import ts from 'typescript';

/**
 * A heuristic reader for words written straight into the app's code instead of going through
 * `t()`: such words show in English whatever language the reader picked. It reports, as
 * `line: text`:
 * - JSX text, and strings shown as they are in JSX braces (also either side of `? :` and the
 *   fallback of `||`, `??` and `&&`);
 * - the value of an attribute or prop people read (`label=`, `title=`, `heading=`, `placeholder=`,
 *   `aria-label=`, `description=`, any `…Label=`, …), as a string or a template with words;
 * - an object property of such a name holding a string (`{ label: 'Members' }`);
 * - a toast's message;
 * - in any file, a string a function returns (`return 'Unknown'`, `=> \`${a} on ${b}\``) that
 *   reads as words rather than a code, key, path or class list.
 */

/** Attribute, prop and property names whose value people read or hear. */
const READ_NAMES =
  /^(label|title|heading|description|placeholder|alt|hint|caption|action|aria-label|aria-description|aria-valuetext|aria-roledescription|\w+Label|\w+Title|\w+Heading|\w+Description|\w+Placeholder)$/;

export const isReadName = (name: string) => READ_NAMES.test(name);

/** A catalogue key (`org.error.notFound`), which is translated where it is used. */
const isKey = (text: string) => /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9_-]+)+$/.test(text);

/** Whether a string shown in JSX holds words: any letter counts there, keys aside. */
const hasLetters = (text: string) => /\p{L}/u.test(text) && !isKey(text.trim());

/** A lone word between two values of a template: the " on " of `${browser} on ${os}`. */
const isJoiningWord = (text: string) => /^\s+\p{L}{2,}\s+$/u.test(text);

/**
 * Whether a string returned from code reads as words. Codes (`INVALID_TOKEN`), keys
 * (`org.error.x`), paths, identifiers and lists of lower-case class names do not; a capitalised
 * word or anything with a space between words does.
 */
export function readsAsWords(text: string): boolean {
  const trimmed = text.trim();
  if (!/\p{L}{2,}/u.test(trimmed)) return false;
  const tokens = trimmed.split(/\s+/);
  const codeLike = (token: string) =>
    /^[a-z0-9_.:/#?=&@*%[\]()!,+-]*$/.test(token) || /^[A-Z0-9_]+$/.test(token);
  if (tokens.length > 1) return !tokens.every(codeLike);
  return !codeLike(trimmed) && /^\p{Lu}\p{Ll}/u.test(trimmed);
}

/** The literal texts of a string or template expression; null for anything else. */
function literalTexts(node: ts.Node): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
  return null;
}

/** Where a value ends up when it is one branch of `a ? x : y` or the fallback of `a || x`. */
function outerValue(node: ts.Node): ts.Node {
  const fallbacks = [
    ts.SyntaxKind.BarBarToken,
    ts.SyntaxKind.QuestionQuestionToken,
    ts.SyntaxKind.AmpersandAmpersandToken,
  ];
  let at = node;
  for (;;) {
    const parent = at.parent;
    if (ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent)) at = parent;
    else if (ts.isConditionalExpression(parent) && parent.condition !== at) at = parent;
    else if (
      ts.isBinaryExpression(parent) &&
      parent.right === at &&
      fallbacks.includes(parent.operatorToken.kind)
    )
      at = parent;
    else return at;
  }
}

type Place = 'jsx' | 'read-prop' | 'toast' | 'returned' | null;

/** Where a string literal ends up on screen unchanged, if it does. */
function placeOf(literal: ts.Node, file: ts.SourceFile): Place {
  const value = outerValue(literal);
  const parent = value.parent;
  if (ts.isJsxExpression(parent)) {
    const holder = parent.parent;
    if (ts.isJsxElement(holder) || ts.isJsxFragment(holder)) return 'jsx';
    if (ts.isJsxAttribute(holder) && isReadName(holder.name.getText(file))) return 'read-prop';
    return null;
  }
  if (ts.isJsxAttribute(parent)) return isReadName(parent.name.getText(file)) ? 'read-prop' : null;
  if (ts.isPropertyAssignment(parent) && parent.initializer === value)
    return isReadName(parent.name.getText(file)) ? 'read-prop' : null;
  if (ts.isCallExpression(parent) && parent.arguments.includes(value as ts.Expression)) {
    const callee = parent.expression;
    const isToast =
      (ts.isPropertyAccessExpression(callee) && callee.expression.getText(file) === 'toast') ||
      (ts.isIdentifier(callee) && callee.text === 'toast');
    return isToast ? 'toast' : null;
  }
  if (ts.isReturnStatement(parent)) return 'returned';
  if (ts.isArrowFunction(parent) && parent.body === value) return 'returned';
  return null;
}

/**
 * The untranslated words of one file, as `line: text`. `allowed` words (the product's name, say)
 * are taken out of each text before it is judged.
 */
export function untranslatedText(
  fileName: string,
  source: string,
  allowed: readonly string[] = [],
): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push(`${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}: ${text.trim()}`);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasLetters(without(node.text, allowed))) report(node, node.text);
    const texts = literalTexts(node);
    const place = texts && placeOf(node, file);
    if (texts && place) {
      const judged = texts.map((text) => (allowed.includes(text.trim()) ? '' : without(text, allowed)));
      const returnedWords = (text: string, index: number) =>
        readsAsWords(text) || (index > 0 && index < texts.length - 1 && isJoiningWord(text));
      if (place === 'returned' ? judged.some(returnedWords) : judged.some(hasLetters))
        report(node, texts.join('…'));
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** `text` with every allowed word taken out where it stands as a word of its own. */
function without(text: string, allowed: readonly string[]): string {
  return allowed.reduce((rest, word) => rest.replaceAll(word, ''), text);
}
