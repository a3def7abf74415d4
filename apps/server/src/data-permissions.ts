import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sqliteFilePath } from '@gatehouse/core';

/**
 * The files that hold the secret and, with SQLite, every session token (read from the database,
 * a token is a session), and the folder they are in. Gatehouse creates them readable by their owner
 * only (`secret.ts`, `connectDatabase`); one made earlier, or by hand, may be open to others.
 */
export function dataPaths(dataDir: string, databaseURL: string, dialect: 'sqlite' | 'postgres'): string[] {
  const paths = [dataDir, join(dataDir, 'secret')];
  if (dialect === 'sqlite') {
    const file = sqliteFilePath(databaseURL);
    if (file !== ':memory:') paths.push(file, `${file}-wal`, `${file}-shm`);
  }
  return paths;
}

/** Those of `paths` that exist and that a group or other users may read, write or enter. */
export function openToOthers(paths: string[]): string[] {
  return paths.filter((path) => {
    try {
      return (statSync(path).mode & 0o077) !== 0;
    } catch {
      return false;
    }
  });
}
