import { describe, expect, it } from 'vitest';
import { readCsv } from './csv-reader.ts';

const rows = (text: string) => [...readCsv(text)];

describe('readCsv (RFC 4180)', () => {
  it('reads cells, quoted cells with commas, quotes and line breaks, and names the line each row starts on', () => {
    expect(rows('a,b,c\r\n"x, y","say ""hi""","two\nlines"\r\nlast,,\n')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
      { line: 4, cells: ['last', '', ''] },
    ]);
  });

  it('drops a BOM and blank lines, and reads a last row without a line break', () => {
    expect(rows('\uFEFFemail\n\nbob@example.com')).toEqual([
      { line: 1, cells: ['email'] },
      { line: 3, cells: ['bob@example.com'] },
    ]);
  });

  it('keeps an empty quoted cell and a lone row of one empty quoted cell', () => {
    expect(rows('"",a\n""\n')).toEqual([
      { line: 1, cells: ['', 'a'] },
      { line: 2, cells: [''] },
    ]);
  });

  it('reports a malformed row by its line and goes on at the next one', () => {
    expect(rows('a,b"c\nok,1\n"x"y,2\nfine,3\n')).toEqual([
      { line: 1, error: 'quote inside an unquoted cell' },
      { line: 2, cells: ['ok', '1'] },
      { line: 3, error: 'text after a closing quote' },
      { line: 4, cells: ['fine', '3'] },
    ]);
  });

  it('an unclosed quote is an error at the line it opened, and the end of the file', () => {
    expect(rows('a,b\n1,"open\n2,3\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, error: 'unclosed quote' },
    ]);
  });
});
