import { chmod, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { describeProblem, EXPORT_FORMATS, type ExportFormat, exportUsers } from '@gatehouse/core';
import { UsageError } from './usage-error.ts';
import { print } from './user-commands.ts';
import { withDatabase } from './with-database.ts';

const OPTIONS = { to: { type: 'string' }, json: { type: 'boolean' }, quiet: { type: 'boolean' } } as const;

const isFormat = (value: string | undefined): value is ExportFormat =>
  (EXPORT_FORMATS as readonly string[]).includes(value ?? '');

/**
 * `export --to csv|auth0 FILE` (docs/protocol/import.md#9-export-decision): every user, oldest
 * first, into a file only its owner may read, since it holds password hashes.
 */
export async function exportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  const [file, ...extra] = positionals;
  if (!isFormat(values.to) || file === undefined || extra.length > 0) throw new UsageError();
  const to = values.to;
  const result = await withDatabase((database) => exportUsers(database, to));
  await writeFile(file, result.content, { mode: 0o600 });
  // The mode above applies only to a file it creates; an existing one is narrowed too.
  await chmod(file, 0o600);
  if (values.quiet !== true)
    for (const warning of result.warnings)
      console.error(`gatehouse: export: warning: ${describeProblem(warning)}`);
  print(
    values.json === true,
    { ok: true, to, file, users: result.users, passwords: result.passwords, warnings: result.warnings },
    (summary) => `Exported ${summary.users} users to ${summary.file} (${summary.to}).`,
  );
  return 0;
}
