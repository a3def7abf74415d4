import type { ImportProblem } from './import-record.ts';

/** The source formats `gatehouse import --from` and the admin route's `format` accept. */
export const IMPORT_FORMATS = ['auth0', 'clerk', 'supabase', 'firebase', 'keycloak', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** What an import did, or would do (docs/protocol/import.md#2-the-summary-decision). */
export interface ImportSummary {
  ok: boolean;
  dryRun: boolean;
  from: ImportFormat;
  file: string;
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  accounts: { credential: number; social: number };
  hashes: Record<string, number>;
  organizations: { created: number; members: number };
  warnings: ImportProblem[];
  errors: ImportProblem[];
  durationMs: number;
}

/** Rows one batch added, or would add in a dry run. */
export interface BatchCounts {
  created: number;
  updated: number;
  unchanged: number;
  credential: number;
  social: number;
  members: number;
}

export const noCounts = (): BatchCounts => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  credential: 0,
  social: 0,
  members: 0,
});

export function addCounts(into: BatchCounts, more: BatchCounts): void {
  for (const key of Object.keys(into) as (keyof BatchCounts)[]) into[key] += more[key];
}

/** The summary of a file refused before any record was read (it could not be read at all). */
export function refusedSummary(from: ImportFormat, file: string, errors: ImportProblem[]): ImportSummary {
  return {
    ok: false,
    dryRun: false,
    from,
    file,
    total: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    accounts: { credential: 0, social: 0 },
    hashes: {},
    organizations: { created: 0, members: 0 },
    warnings: [],
    errors,
    durationMs: 0,
  };
}

/** `record 3 (line 3, bob@example.com): message`, as the CLI prints it (docs/protocol/import.md#1-commands-decision). */
export function describeProblem(problem: ImportProblem): string {
  if (problem.record === null) return printable(problem.message);
  const where = [problem.line === null ? null : `line ${problem.line}`, problem.email].filter(Boolean);
  return printable(
    `record ${problem.record}${where.length > 0 ? ` (${where.join(', ')})` : ''}: ${problem.message}`,
  );
}

/** The email is as the file wrote it: a control character in it must not reach the terminal. */
const printable = (line: string): string =>
  [...line].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? '?' : c)).join('');

/** How many records the errors name (a problem of the whole file counts as one). */
export function recordsWithErrors(errors: ImportProblem[]): number {
  const records = new Set(errors.map((problem) => problem.record));
  return records.size;
}
