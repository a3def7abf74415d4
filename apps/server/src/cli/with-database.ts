import { type AuthDatabase, connectDatabase } from '@gatehouse/core';
import { loadConfig } from '../config.ts';

/** Runs `work` on the configured database; operator commands (migrations) may run long: no statement timeout. */
export async function withDatabase<T>(work: (database: AuthDatabase) => Promise<T>): Promise<T> {
  const database = connectDatabase(loadConfig().databaseURL, { statementTimeoutMs: 0 });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
