import { type Kysely, sql } from 'kysely';

/**
 * Creates or replaces PL/pgSQL trigger functions, each `begin <body> return null; end`.
 * `security definer` so a writer with rights on the watched table alone (another application's
 * role sharing the database) is not refused on Gatehouse's tables; the pinned search path makes the
 * function find them whatever the writer's path is.
 */
export async function createTriggerFunctions(
  db: Kysely<unknown>,
  functions: Record<string, string>,
): Promise<void> {
  for (const [name, body] of Object.entries(functions)) {
    await sql
      .raw(`create or replace function "${name}"() returns trigger language plpgsql
        security definer set search_path from current as $$
        begin ${body} return null; end $$`)
      .execute(db);
  }
}

type StatementEvent = 'insert' | 'update' | 'delete' | 'truncate';

/** The rows a statement changed, as its function sees them: `added` (new) and `removed` (old). */
const transitionTables: Record<StatementEvent, string> = {
  insert: 'referencing new table as added',
  update: 'referencing old table as removed new table as added',
  delete: 'referencing old table as removed',
  truncate: '',
};

/** A statement-level trigger: its table, its name, and the statement it follows. */
export type StatementTrigger = readonly [table: string, name: string, event: StatementEvent];

/** (Re)creates statement-level triggers, each running the function `gatehouse_<name>`. */
export async function createStatementTriggers(
  db: Kysely<unknown>,
  triggers: readonly StatementTrigger[],
): Promise<void> {
  for (const [table, name, event] of triggers) {
    await sql.raw(`drop trigger if exists "${name}" on "${table}"`).execute(db);
    await sql
      .raw(`create trigger "${name}" after ${event} on "${table}" ${transitionTables[event]}
        for each statement execute function "gatehouse_${name}"()`)
      .execute(db);
  }
}
