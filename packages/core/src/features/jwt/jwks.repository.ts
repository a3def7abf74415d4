import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';

/** A `jwks` row as the drivers return it: dates are ISO text on SQLite and Date on PostgreSQL. */
export interface JwksRow {
  id: string;
  publicKey: string;
  privateKey: string;
  createdAt: Date | string;
  expiresAt: Date | string | null;
  alg: string | null;
  crv: string | null;
}

export interface NewJwksRow {
  id: string;
  publicKey: string;
  privateKey: string;
  createdAt: string;
  expiresAt: string | null;
  alg: string;
  crv: string | null;
}

export function insertJwk(db: Kysely<Schema>, row: NewJwksRow): Promise<unknown> {
  return db.insertInto('jwks').values(row).execute();
}

/** Every key, newest first. The table gains one row per rotation, so reading it whole stays cheap. */
export function listJwks(db: Kysely<Schema>): Promise<JwksRow[]> {
  return db.selectFrom('jwks').selectAll().orderBy('createdAt', 'desc').execute() as Promise<JwksRow[]>;
}

export function findJwk(db: Kysely<Schema>, id: string): Promise<JwksRow | undefined> {
  return db.selectFrom('jwks').selectAll().where('id', '=', id).executeTakeFirst() as Promise<
    JwksRow | undefined
  >;
}
