import { toBoolean, toDate } from '../db/schema.ts';
import { type AdditionalFields, fromColumnValue } from './additional-fields.ts';

/** A user as the engine works with it: core fields typed, additional fields as JSON values. */
export interface User {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** Declared additional fields, already converted from their column form. */
  additional: Record<string, unknown>;
}

/** Maps a `user` row (or a joined row with the same column names) to a User. */
export function userFromRow(row: Record<string, unknown>, fields: AdditionalFields): User {
  const additional: Record<string, unknown> = {};
  // for…in, not Object.entries: this runs on every session read and allocates nothing per field.
  for (const name in fields) {
    const field = fields[name];
    if (field) additional[name] = fromColumnValue(field.type, row[name]);
  }
  return {
    id: row.id as string,
    name: row.name as string,
    email: row.email as string,
    emailVerified: toBoolean(row.emailVerified as number),
    image: (row.image as string | null) ?? null,
    createdAt: toDate(row.createdAt as string),
    updatedAt: toDate(row.updatedAt as string),
    additional,
  };
}

/**
 * The user object of every response (docs/protocol/core.md#reading-a-session): core keys plus returned
 * additional fields.
 */
export function userToJson(user: User, fields: AdditionalFields): Record<string, unknown> {
  const json: Record<string, unknown> = {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    image: user.image,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
  for (const name in fields) {
    if (fields[name]?.returned !== false) json[name] = user.additional[name] ?? null;
  }
  return json;
}

/** Rebuilds a User from its response form (the cookie cache), additional fields taken as they are. */
export function userFromJson(json: Record<string, unknown>, fields: AdditionalFields): User {
  const additional: Record<string, unknown> = {};
  for (const name of Object.keys(fields)) additional[name] = json[name] ?? null;
  return {
    id: json.id as string,
    name: json.name as string,
    email: json.email as string,
    emailVerified: json.emailVerified === true,
    image: (json.image as string | null) ?? null,
    createdAt: new Date(json.createdAt as string),
    updatedAt: new Date(json.updatedAt as string),
    additional,
  };
}
