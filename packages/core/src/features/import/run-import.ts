import type { Kysely } from 'kysely';
import { existingColumns } from '../../db/migrations/existing-columns.ts';
import { type AuthDatabase, isoNow } from '../../db/schema.ts';
import { ensureOrganizations } from './ensure-organizations.ts';
import { fileProblem, type ImportProblem } from './import-record.ts';
import { addCounts, type ImportFormat, type ImportSummary, noCounts } from './import-summary.ts';
import { readSource, type SourceInput } from './sources/read-source.ts';
import { takenAccounts } from './taken-accounts.ts';
import { validateRecords } from './validate-records.ts';
import { writeBatch } from './write-batch.ts';

export interface ImportOptions extends SourceInput {
  format: ImportFormat;
  /** How the summary names the file. */
  file: string;
  dryRun?: boolean;
  /** Users per transaction (docs/protocol/import.md#1-commands-decision): 1–10 000, 500 by default. */
  batchSize?: number;
  refuseWeak?: boolean;
  now?: () => number;
  /** Called after each committed batch (or counted one, in a dry run). */
  onProgress?: (progress: { done: number; total: number }) => void;
}

export const DEFAULT_BATCH_SIZE = 500;

/** Problems of the whole file first, then each record's in file order (a stable sort). */
const byRecord = (problems: ImportProblem[]): ImportProblem[] =>
  problems.sort((a, b) => (a.record ?? 0) - (b.record ?? 0));
export const MAX_BATCH_SIZE = 10_000;

/**
 * Reads a source's export, checks every record, then writes the users batch by batch, one
 * transaction each, adding to existing users only what they lack
 * (docs/protocol/import.md#3-pipeline-idempotency-resumability). A run stopped half-way leaves
 * whole batches behind, and running it again completes it.
 */
export async function importUsers(database: AuthDatabase, options: ImportOptions): Promise<ImportSummary> {
  const started = performance.now();
  const now = options.now ?? Date.now;
  const dryRun = options.dryRun === true;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE)
    throw new RangeError(`batch size must be a whole number from 1 to ${MAX_BATCH_SIZE}`);
  const summary: ImportSummary = {
    ok: false,
    dryRun,
    from: options.format,
    file: options.file,
    total: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    accounts: { credential: 0, social: 0 },
    hashes: {},
    organizations: { created: 0, members: 0 },
    warnings: [],
    errors: [],
    durationMs: 0,
  };
  const finish = (): ImportSummary => {
    summary.durationMs = Math.round(performance.now() - started);
    return summary;
  };

  const source = readSource(options.format, options, now());
  summary.total = source.records.length;
  const validation = validateRecords(source, { refuseWeak: options.refuseWeak === true });
  const db = database.db;
  const errors: ImportProblem[] = byRecord([
    ...validation.errors,
    ...(await takenAccounts(db, validation.users)),
  ]);
  summary.warnings = byRecord(validation.warnings);
  if (errors.length > 0) {
    summary.errors = errors;
    return finish();
  }

  const metadataColumn = (
    await existingColumns(db as unknown as Kysely<unknown>, database.dialect, 'user')
  ).has('metadata');
  if (!metadataColumn && validation.users.some((user) => user.metadata !== null))
    summary.warnings.push(
      fileProblem('the user table has no metadata column: the source metadata was not imported'),
    );
  const organizations =
    validation.organizations.length === 0
      ? { ids: new Map<string, string | null>(), created: 0 }
      : dryRun
        ? await ensureOrganizations(db, validation.organizations, { now: isoNow(now()), write: false })
        : await db
            .transaction()
            .execute((trx) =>
              ensureOrganizations(trx, validation.organizations, { now: isoNow(now()), write: true }),
            );

  const counts = noCounts();
  const { users } = validation;
  for (let at = 0; at < users.length; at += batchSize) {
    const batch = users.slice(at, at + batchSize);
    const context = {
      from: options.format,
      organizationIds: organizations.ids,
      metadataColumn,
      now: isoNow(now()),
      write: !dryRun,
    };
    addCounts(
      counts,
      dryRun
        ? await writeBatch(db, batch, context)
        : await db.transaction().execute((trx) => writeBatch(trx, batch, context)),
    );
    options.onProgress?.({ done: at + batch.length, total: users.length });
  }

  Object.assign(summary, {
    ok: true,
    created: counts.created,
    updated: counts.updated,
    unchanged: counts.unchanged,
    skipped: validation.skipped,
    accounts: { credential: counts.credential, social: counts.social },
    hashes: validation.hashes,
    organizations: { created: organizations.created, members: counts.members },
  });
  return finish();
}
