#!/usr/bin/env -S node --import tsx
import { connectDatabase, migrateDatabase } from '@gatehouse/core';
import { ConfigError, loadConfig } from './config.ts';

const USAGE = `Usage: gatehouse <command>

Commands:
  migrate   apply pending database migrations (DATABASE_URL / DATA_DIR pick the database)`;

async function migrate(): Promise<void> {
  const config = loadConfig();
  const database = connectDatabase(config.databaseURL);
  try {
    const report = await migrateDatabase(database);
    console.log(
      report.applied.length > 0 ? `Applied: ${report.applied.join(', ')}` : 'Database is up to date.',
    );
  } finally {
    await database.close();
  }
}

const command = process.argv[2];
try {
  if (command === 'migrate') await migrate();
  else {
    console.error(USAGE);
    process.exit(command ? 2 : 0);
  }
} catch (error) {
  if (error instanceof ConfigError)
    for (const problem of error.problems) console.error(`gatehouse: configuration error: ${problem}`);
  else console.error('gatehouse: migration failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
