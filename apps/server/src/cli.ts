#!/usr/bin/env -S node --import tsx
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { connectDatabase, ensureAdmin, migrateDatabase } from '@gatehouse/core';
import { ConfigError, loadConfig } from './config.ts';

const USAGE = `Usage: gatehouse <command>

Commands:
  migrate                      apply pending database migrations
  create-admin --email EMAIL   make that user an admin, creating them if needed
               [--name NAME] [--password PASSWORD]
                               (a new user without --password gets a generated one, printed once)

DATABASE_URL / DATA_DIR pick the database, as for the server.`;

async function withDatabase<T>(
  work: (database: ReturnType<typeof connectDatabase>) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  // Operator commands (migrations) may run long: no statement timeout.
  const database = connectDatabase(config.databaseURL, { statementTimeoutMs: 0 });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

async function migrate(): Promise<void> {
  await withDatabase(async (database) => {
    const report = await migrateDatabase(database);
    console.log(
      report.applied.length > 0 ? `Applied: ${report.applied.join(', ')}` : 'Database is up to date.',
    );
  });
}

async function createAdmin(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
  });
  const email = values.email;
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error('gatehouse: create-admin needs --email with a valid address');
    process.exit(2);
  }
  await withDatabase(async (database) => {
    await migrateDatabase(database);
    const generated = values.password ? undefined : randomBytes(12).toString('base64url');
    const result = await ensureAdmin(database, {
      email,
      name: values.name,
      password: values.password ?? generated,
    });
    if (result.created) {
      console.log(`Created admin ${values.email}.`);
      if (generated) console.log(`Password: ${generated}  (shown once; change it after signing in)`);
    } else {
      console.log(`${values.email} is now an admin.${values.password ? ' Password updated.' : ''}`);
    }
  });
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'migrate') await migrate();
  else if (command === 'create-admin') await createAdmin(rest);
  else {
    console.error(USAGE);
    process.exit(command ? 2 : 0);
  }
} catch (error) {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`gatehouse: configuration error: ${problem}`);
  } else {
    console.error(`gatehouse: ${command} failed:`, error instanceof Error ? error.message : error);
  }
  process.exit(1);
}
