import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_BATCH_SIZE,
  describeProblem,
  IMPORT_FORMATS,
  type ImportFormat,
  type ImportSummary,
  importUsers,
  type KeycloakFile,
  MAX_BATCH_SIZE,
  recordsWithErrors,
  refusedSummary,
} from '@gatehouse/core';
import { importProgress } from './import-progress.ts';
import { UsageError } from './usage-error.ts';
import { withDatabase } from './with-database.ts';

const OPTIONS = {
  from: { type: 'string' },
  'dry-run': { type: 'boolean' },
  json: { type: 'boolean' },
  quiet: { type: 'boolean' },
  'batch-size': { type: 'string' },
  'refuse-weak': { type: 'boolean' },
  'hash-config': { type: 'string' },
  passwords: { type: 'string' },
} as const;

const isFormat = (value: string | undefined): value is ImportFormat =>
  (IMPORT_FORMATS as readonly string[]).includes(value ?? '');

/** The file's text, `-` for stdin; a file that cannot be read is a problem of the run, not a usage error. */
async function readInput(path: string): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  try {
    if (path !== '-') return { ok: true, text: await readFile(path, 'utf8') };
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : String(error);
    return { ok: false, message: `cannot read ${path}: ${reason}` };
  }
}

/**
 * `import --from FORMAT FILE` (docs/protocol/import.md#1-commands-decision): the summary on
 * stdout, progress and problems on stderr; resolves to the exit code.
 */
export async function importCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  const from = values.from;
  const [file, ...extra] = positionals;
  if (!isFormat(from) || file === undefined || extra.length > 0) throw new UsageError();
  if (values['hash-config'] !== undefined && from !== 'firebase') throw new UsageError();
  if (values.passwords !== undefined && from !== 'auth0') throw new UsageError();
  const batchSize = values['batch-size'] === undefined ? DEFAULT_BATCH_SIZE : Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) throw new UsageError();
  const json = values.json === true;
  const quiet = values.quiet === true;

  const files = from === 'keycloak' ? await keycloakDirectory(file) : undefined;
  const inputs = await Promise.all(
    [files ? undefined : file, values['hash-config'], values.passwords].map((path) =>
      path === undefined ? undefined : readInput(path),
    ),
  );
  const unreadable = inputs.flatMap((input) => (input && !input.ok ? [input.message] : []));
  if (files?.length === 0)
    unreadable.push(`cannot read ${file}: no *-realm.json or *-users-N.json file in it`);
  const [content, hashConfig, passwords] = inputs.map((input) => (input?.ok ? input.text : undefined));
  if (unreadable.length > 0 || (content === undefined && !files)) {
    const problems = unreadable.map((message) => ({
      record: null,
      line: null,
      id: null,
      email: null,
      message,
    }));
    return report(refusedSummary(from, file, problems), json);
  }

  const progress = quiet ? undefined : importProgress(process.stderr);
  const summary = await withDatabase((database) =>
    importUsers(database, {
      format: from,
      file,
      content: content ?? '',
      files,
      hashConfig,
      passwords,
      dryRun: values['dry-run'] === true,
      batchSize,
      refuseWeak: values['refuse-weak'] === true,
      onProgress: progress?.batch,
    }),
  );
  progress?.finish();
  return report(summary, json);
}

/**
 * A Keycloak directory export (`--users different_files`): its realm file and users files
 * (docs/protocol/import.md#55-keycloak); undefined when FILE is not a directory.
 */
async function keycloakDirectory(path: string): Promise<KeycloakFile[] | undefined> {
  const isDirectory = await stat(path).then(
    (found) => found.isDirectory(),
    () => false,
  );
  if (!isDirectory) return undefined;
  const names = (await readdir(path)).filter((name) => /-realm\.json$|-users-\d+\.json$/.test(name)).sort();
  return Promise.all(
    names.map(async (name) => ({ name, content: await readFile(join(path, name), 'utf8') })),
  );
}

function report(summary: ImportSummary, json: boolean): number {
  for (const warning of summary.warnings)
    console.error(`gatehouse: import: warning: ${describeProblem(warning)}`);
  for (const error of summary.errors) console.error(`gatehouse: import: ${describeProblem(error)}`);
  if (!summary.ok) {
    const count = recordsWithErrors(summary.errors);
    console.error(
      `gatehouse: import failed: ${count} ${count === 1 ? 'record has errors' : 'records have errors'}; nothing was imported`,
    );
  }
  console.log(json ? JSON.stringify(summary, null, 2) : describeSummary(summary));
  return summary.ok ? 0 : 1;
}

function describeSummary(s: ImportSummary): string {
  if (!s.ok) return `Nothing imported from ${s.file}.`;
  const verb = s.dryRun ? 'Dry run, nothing written; would create' : 'Created';
  const hashes = Object.entries(s.hashes)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  return [
    `${verb} ${s.created} users, updated ${s.updated}, unchanged ${s.unchanged}, skipped ${s.skipped} (of ${s.total} records in ${s.file}).`,
    `Accounts: ${s.accounts.credential} password, ${s.accounts.social} social. Organizations: ${s.organizations.created} created, ${s.organizations.members} memberships.`,
    `Password hashes: ${hashes || 'none'}. ${s.warnings.length} warning(s). ${s.durationMs} ms.`,
  ].join('\n');
}
