/**
 * An RFC 4180 reader (no CSV package is installed): comma-separated cells, `"`-quoted cells that
 * may hold commas, line breaks and `""` for a quote, rows ended by CRLF or LF. A UTF-8 BOM at the
 * start is dropped. Each row carries the line it starts on, so a message can name it
 * (docs/protocol/import.md#56-generic-csv-decision).
 */
export type CsvRow = { line: number; cells: string[] } | { line: number; error: string };

const COMMA = 0x2c;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

const countLineFeeds = (text: string, from: number, to: number): number => {
  let count = 0;
  for (let at = text.indexOf('\n', from); at >= 0 && at < to; at = text.indexOf('\n', at + 1)) count++;
  return count;
};

/** The rows of `text`, blank lines left out. A malformed row is an error and reading goes on at the next line. */
export function* readCsv(text: string): Generator<CsvRow> {
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  while (at < text.length) {
    const rowLine = line;
    const rowStart = at;
    const cells: string[] = [];
    let error: string | null = null;
    for (;;) {
      if (text.charCodeAt(at) === QUOTE) {
        const start = at;
        let value = '';
        let from = at + 1;
        for (;;) {
          const quote = text.indexOf('"', from);
          if (quote < 0) {
            error = 'unclosed quote';
            at = text.length;
            break;
          }
          value += text.slice(from, quote);
          if (text.charCodeAt(quote + 1) === QUOTE) {
            value += '"';
            from = quote + 2;
            continue;
          }
          at = quote + 1;
          break;
        }
        line += countLineFeeds(text, start, at);
        if (error) break;
        cells.push(value);
        const next = text.charCodeAt(at);
        if (next !== COMMA && next !== CR && next !== LF && at < text.length) {
          error = 'text after a closing quote';
          break;
        }
      } else {
        let end = at;
        for (; end < text.length; end++) {
          const code = text.charCodeAt(end);
          if (code === COMMA || code === CR || code === LF) break;
          if (code === QUOTE) error = 'quote inside an unquoted cell';
        }
        cells.push(text.slice(at, end));
        at = end;
        if (error) break;
      }
      if (text.charCodeAt(at) === COMMA) {
        at++;
        continue;
      }
      break;
    }
    if (error && at < text.length) {
      // The rest of the row cannot be trusted: go on at the next line.
      const nextLine = text.indexOf('\n', at);
      at = nextLine < 0 ? text.length : nextLine;
    }
    if (text.charCodeAt(at) === CR) at++;
    if (text.charCodeAt(at) === LF) {
      at++;
      line++;
    }
    const blank = cells.length === 1 && cells[0] === '' && text.charCodeAt(rowStart) !== QUOTE;
    if (error) yield { line: rowLine, error };
    else if (!blank) yield { line: rowLine, cells };
  }
}
