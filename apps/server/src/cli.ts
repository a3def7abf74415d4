import { parseArgs } from 'node:util';
import { migrateDatabase } from '@gatehouse/core';
import { checkConfig, describeConfig } from './cli/config-check.ts';
import { createAdminCommand } from './cli/create-admin.ts';
import { exportCommand } from './cli/export-command.ts';
import { importCommand } from './cli/import-command.ts';
import { UsageError } from './cli/usage-error.ts';
import { print, sessionsCommand, usersCommand } from './cli/user-commands.ts';
import { webhooksCommand } from './cli/webhook-commands.ts';
import { withDatabase } from './cli/with-database.ts';
import { ConfigError } from './config.ts';

const USAGE = `Usage: gatehouse <command> [--json]

Commands:
  migrate                      apply pending database migrations
  create-admin --email EMAIL   make that user an admin, creating them if needed
               [--name NAME] [--password PASSWORD] [--take-over]
                               (a new user without --password gets a generated one, printed once;
                               an account whose address was never verified is refused unless
                               --take-over ends its sessions, removes its other credentials,
                               replaces its password and marks the address verified)
  config check                 the effective configuration, secrets masked, or every problem in it
  users list [--search TEXT] [--limit N]
                               users, newest first (default 50), optionally by email
  users show ID|EMAIL          one user: roles, ban, sign-in methods, active sessions
  users ban ID|EMAIL [--reason TEXT] [--days N]
                               ban (for N days, else as the admin defaults say) and sign out everywhere
  users unban ID|EMAIL         lift a ban
  users delete ID|EMAIL --yes  delete the user, their sessions and accounts
  sessions revoke --user ID|EMAIL
                               sign the user out everywhere
  import --from auth0|clerk|supabase|firebase|keycloak|csv FILE
         [--dry-run] [--quiet] [--batch-size N] [--refuse-weak]
         [--hash-config FILE] [--passwords FILE]
                               import users from another auth system's export (FILE, or - for
                               stdin): every record is checked first, then written in batches of N
                               (default 500) per transaction; existing users (by email) only gain
                               what they lack, so a second or resumed run is safe. --dry-run writes
                               nothing; --refuse-weak makes a weak hash format an error;
                               --hash-config (firebase) and --passwords (auth0) name side files.
                               Progress and problems go to stderr
  export --to csv|auth0 FILE   every user, oldest first, into FILE (created readable by its owner
                               only: it holds password hashes); csv imports back with --from csv
  webhooks list                webhook endpoints: id, scope (server or the organization's id), URL,
                               enabled, failing, the newest delivery's status
  webhooks replay --since TIME [--endpoint ID]
                               send again every failed delivery created since TIME (ISO 8601, e.g.
                               2026-12-01T00:00:00Z) to an enabled endpoint (or that one), once

--json prints JSON instead of text. Exit codes: 0 done, 1 failed (a configuration problem, no
such user, an unverified account create-admin refused, an import file with errors, the database
unreachable), 2 usage error.
DATABASE_URL / DATA_DIR pick the database, as for the server.`;

async function migrate(): Promise<void> {
  await withDatabase(async (database) => {
    const report = await migrateDatabase(database);
    console.log(
      report.applied.length > 0 ? `Applied: ${report.applied.join(', ')}` : 'Database is up to date.',
    );
  });
}

function config(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    options: { json: { type: 'boolean' } },
    allowPositionals: true,
  });
  if (positionals.join(' ') !== 'check') throw new UsageError();
  const report = checkConfig(process.env);
  print(values.json === true, report, describeConfig);
  return report.ok ? 0 : 1;
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'migrate') await migrate();
  else if (command === 'create-admin') process.exitCode = await createAdminCommand(rest);
  else if (command === 'config') process.exitCode = config(rest);
  else if (command === 'users') process.exitCode = await usersCommand(rest);
  else if (command === 'sessions') process.exitCode = await sessionsCommand(rest);
  else if (command === 'webhooks') process.exitCode = await webhooksCommand(rest);
  else if (command === 'import') process.exitCode = await importCommand(rest);
  else if (command === 'export') process.exitCode = await exportCommand(rest);
  else {
    console.error(USAGE);
    process.exit(command ? 2 : 0);
  }
} catch (error) {
  if (
    error instanceof UsageError ||
    (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
  ) {
    console.error(USAGE);
    process.exit(2);
  }
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`gatehouse: configuration error: ${problem}`);
  } else {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`gatehouse: ${command} failed: ${message}`);
    // A fresh database has no tables until the first start or `migrate`.
    if (/no such table|relation "[^"]+" does not exist/.test(message))
      console.error(
        'gatehouse: the database has no tables yet: run `gatehouse migrate` (or start the server) first',
      );
  }
  process.exit(1);
}
