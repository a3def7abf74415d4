import type { Kysely, Transaction } from 'kysely';
import type { Schema } from './schema.ts';

/**
 * What a repository function runs on: the database, or a transaction begun on it. Writes of
 * several rows that must land together take `Transaction<Schema>` instead, so they cannot run
 * outside one.
 */
export type Executor = Kysely<Schema> | Transaction<Schema>;
