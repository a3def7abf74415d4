/**
 * The non-empty lines of an NDJSON file, each parsed, with its line number; a line that is not
 * JSON is undefined, so the source names it: `not valid JSON (truncated?)`
 * (docs/protocol/import.md#7-error-catalogue-decision).
 */
export function* ndjsonLines(content: string): Generator<{ line: number; value: unknown }> {
  let line = 0;
  let at = content.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (at < content.length) {
    const end = content.indexOf('\n', at);
    const text = content.slice(at, end < 0 ? content.length : end).trim();
    at = end < 0 ? content.length : end + 1;
    line++;
    if (text === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    yield { line, value };
  }
}

export const NOT_JSON_LINE = 'not valid JSON (truncated?)';
