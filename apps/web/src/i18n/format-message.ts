/*
 * How a message's words take values, in every catalogue:
 *
 * - `{name}` is replaced by the value. A number is written as the language writes numbers
 *   (Intl.NumberFormat: 1,234 / 1.234 / 1 234). A value not given stays visible as `{name}`.
 * - `{count, plural, one {# member} other {# members}}` picks the branch for the language's plural
 *   category of `count` (Intl.PluralRules: en and de have one/other, fr counts 0 and 1 as one,
 *   pl has one/few/many/other). `=0 {…}` matches one number exactly and wins over the category;
 *   `other` is required, and is used when a category has no branch. In a branch, `#` is the count
 *   as a formatted number, and `{name}` placeholders work as anywhere else.
 *
 * One key per message, with its plural forms inside it: a language with more forms (pl) adds
 * branches to its own text, never keys.
 */

type Values = Record<string, string | number>;

/** Intl objects are costly to make: one per language and kind, made when first asked for. */
function cached<T>(make: (locale: string) => T): (locale: string) => T {
  const made = new Map<string, T>();
  return (locale) => {
    const known = made.get(locale);
    if (known !== undefined) return known;
    const fresh = make(locale);
    made.set(locale, fresh);
    return fresh;
  };
}

const numberFormat = cached((locale) => new Intl.NumberFormat(locale));
const pluralRules = cached((locale) => new Intl.PluralRules(locale));

const formatNumber = (locale: string, value: number) => numberFormat(locale).format(value);

/** The index just past the `}` that closes the `{` at `open`; -1 when none does. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === '{') depth++;
    else if (text[index] === '}' && --depth === 0) return index + 1;
  }
  return -1;
}

/** `one {…} other {…}` → { one: '…', other: '…' }. */
function branchesOf(text: string): Record<string, string> {
  const branches: Record<string, string> = {};
  let index = 0;
  while (index < text.length) {
    const selector = /^\s*(=\d+|zero|one|two|few|many|other)\s*\{/.exec(text.slice(index));
    if (!selector) break;
    const open = index + selector[0].length - 1;
    const end = closing(text, open);
    if (end === -1) break;
    branches[selector[1] as string] = text.slice(open + 1, end - 1);
    index = end;
  }
  if (text.slice(index).trim() !== '' || branches.other === undefined)
    throw new Error(`A plural needs branches ending with "other {…}": ${text}`);
  return branches;
}

function plural(locale: string, branchText: string, count: number, values: Values): string {
  const branches = branchesOf(branchText);
  const chosen = branches[`=${count}`] ?? branches[pluralRules(locale).select(count)] ?? branches.other;
  return formatMessage(locale, (chosen as string).replaceAll('#', formatNumber(locale, count)), values);
}

/** The message `template` in `locale` with `values` filled in (the rules above). */
export function formatMessage(locale: string, template: string, values: Values = {}): string {
  let out = '';
  let index = 0;
  while (index < template.length) {
    const open = template.indexOf('{', index);
    if (open === -1) break;
    out += template.slice(index, open);
    const end = closing(template, open);
    // A lone brace is text.
    if (end === -1) return out + template.slice(open);
    const inner = template.slice(open + 1, end - 1);
    const pluralForm = /^\s*(\w+)\s*,\s*plural\s*,(.*)$/s.exec(inner);
    const simple = /^(\w+)$/.exec(inner);
    if (pluralForm) {
      const [, name, branches] = pluralForm as unknown as [string, string, string];
      const count = Number(values[name]);
      out += Number.isFinite(count) ? plural(locale, branches, count, values) : template.slice(open, end);
    } else if (simple && (simple[1] as string) in values) {
      const value = values[simple[1] as string];
      out += typeof value === 'number' ? formatNumber(locale, value) : String(value);
    } else {
      out += template.slice(open, end);
    }
    index = end;
  }
  return out + template.slice(index);
}
