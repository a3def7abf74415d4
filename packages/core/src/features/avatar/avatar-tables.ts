import type { DateColumn } from '../../db/schema.ts';

/** An uploaded profile picture (features/avatar/README.md); `version` is a hash of `data`. */
export interface AvatarTable {
  userId: string;
  contentType: string;
  data: Uint8Array;
  width: number;
  height: number;
  version: string;
  updatedAt: DateColumn;
}

/** The feature's tables, by name; part of `Schema` (`db/schema.ts`). */
export interface AvatarTables {
  avatar: AvatarTable;
}
