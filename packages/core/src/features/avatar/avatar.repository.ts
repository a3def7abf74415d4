import type { Kysely } from 'kysely';
import type { Schema } from '../../db/schema.ts';
import type { AvatarType } from './image-info.ts';

export interface StoredAvatar {
  contentType: AvatarType;
  data: Uint8Array;
  version: string;
}

export interface NewAvatar extends StoredAvatar {
  userId: string;
  width: number;
  height: number;
  updatedAt: string;
}

/** Stores a user's avatar, replacing the one they had. */
export async function saveAvatar(db: Kysely<Schema>, avatar: NewAvatar): Promise<void> {
  const { userId, ...values } = avatar;
  await db
    .insertInto('avatar')
    .values(avatar)
    .onConflict((conflict) => conflict.column('userId').doUpdateSet(values))
    .execute();
}

export async function findAvatar(db: Kysely<Schema>, userId: string): Promise<StoredAvatar | undefined> {
  const row = await db
    .selectFrom('avatar')
    .select(['contentType', 'data', 'version'])
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row && { contentType: row.contentType as AvatarType, data: row.data, version: row.version };
}

/** Whether there was one to remove. */
export async function deleteAvatar(db: Kysely<Schema>, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('avatar').where('userId', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
