import { readCsv } from '../csv-reader.ts';
import { fileProblem, type ImportProblem } from '../import-record.ts';

/** One data row of a CSV export, its cells named by the header. */
export interface NamedRow {
  /** 1-based position among the data rows. */
  record: number;
  line: number;
  cell(name: string): string;
  /** Why the row is not well-formed, if it is not. */
  error: string | null;
}

/**
 * The header and the data rows of a CSV export, or the file's problem when it has no header.
 * `known` lists the columns the source reads; any other is reported once as a warning.
 */
export function namedRows(
  content: string,
  known: readonly string[],
  required: readonly string[],
): { rows: NamedRow[]; errors: ImportProblem[]; warnings: ImportProblem[] } {
  const rows = readCsv(content);
  const first = rows.next();
  if (first.done) return { rows: [], errors: [fileProblem('malformed CSV: no header row')], warnings: [] };
  if ('error' in first.value)
    return { rows: [], errors: [fileProblem(`malformed CSV: ${first.value.error} (line 1)`)], warnings: [] };
  const header = first.value.cells.map((name) => name.trim());
  const column = new Map(header.map((name, index) => [name, index]));
  const missing = required.filter((name) => !column.has(name));
  if (missing.length > 0)
    return {
      rows: [],
      errors: [fileProblem(`malformed CSV: no ${missing.join(', ')} column`)],
      warnings: [],
    };
  const warnings = header
    .filter((name) => name !== '' && !known.includes(name))
    .map((name) => fileProblem(`unknown column ${name} ignored`));
  const named: NamedRow[] = [];
  for (const row of rows) {
    const record = named.length + 1;
    if ('error' in row) {
      named.push({ record, line: row.line, cell: () => '', error: `malformed CSV: ${row.error}` });
      continue;
    }
    const { cells } = row;
    named.push({
      record,
      line: row.line,
      cell: (name) => {
        const index = column.get(name);
        return index === undefined ? '' : (cells[index] ?? '');
      },
      error:
        cells.length > header.length
          ? `malformed CSV: ${cells.length} cells, the header has ${header.length}`
          : null,
    });
  }
  return { rows: named, errors: [], warnings };
}
