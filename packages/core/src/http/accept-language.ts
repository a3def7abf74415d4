/** More ranges than any browser sends; the rest of a longer header is not read. */
const MAX_RANGES = 32;

/**
 * The first of `supported` the `Accept-Language` header asks for, by preference
 * (RFC 9110 §12.5.4): ranges are tried from the highest q-value down, in header order among equals, and a
 * range matches by its primary subtag (`de-AT` asks for `de`). `q=0` and malformed ranges are
 * skipped. `*`, no header, or nothing supported gives `fallback`.
 */
export function preferredLanguage<Language extends string>(
  header: string | null | undefined,
  supported: readonly Language[],
  fallback: Language,
): Language {
  if (!header) return fallback;
  const ranges = header
    .split(',', MAX_RANGES)
    .map(parseRange)
    .filter((range): range is Range => range !== undefined && range.q > 0)
    // Array sort is stable, so ranges of equal weight keep the header's order.
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranges) {
    if (tag === '*') return fallback;
    const primary = tag.split('-')[0];
    const match = supported.find((language) => language === primary);
    if (match) return match;
  }
  return fallback;
}

interface Range {
  /** Lower-cased, e.g. `de-de` or `*`. */
  tag: string;
  q: number;
}

function parseRange(part: string): Range | undefined {
  const [rawTag = '', ...params] = part.split(';');
  const tag = rawTag.trim().toLowerCase();
  if (!/^(\*|[a-z]{1,8}(-[a-z0-9]{1,8})*)$/.test(tag)) return undefined;
  let q = 1;
  for (const param of params) {
    const match = /^\s*q\s*=\s*(0(\.\d{0,3})?|1(\.0{0,3})?)\s*$/i.exec(param);
    if (!match?.[1]) return undefined;
    q = Number(match[1]);
  }
  return { tag, q };
}
