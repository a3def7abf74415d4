import { parseArgs } from 'node:util';
import { type EnsureAdminResult, migrateDatabase } from '@gatehouse/core';
import { withOperator } from './operator-engine.ts';
import { withDatabase } from './with-database.ts';

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  password: { type: 'string' },
  'take-over': { type: 'boolean' },
} as const;

/**
 * `create-admin --email E [--name N] [--password P] [--take-over]`; resolves to the exit code. An
 * existing account whose address was never verified is refused (1) unless `--take-over` claims it
 * (packages/core/src/features/admin/README.md).
 */
export async function createAdminCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: OPTIONS });
  const email = values.email;
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
    console.error('gatehouse: create-admin needs --email with a valid address');
    return 2;
  }
  await withDatabase(migrateDatabase);
  const result = await withOperator((operator) =>
    operator.createAdmin({
      email,
      name: values.name,
      password: values.password,
      takeOver: values['take-over'] === true,
    }),
  );
  if (result.outcome === 'unverified') {
    console.error(
      `gatehouse: ${email} is an existing account whose address was never verified: whoever registered ` +
        'it may not own it, so it was not made an admin. Nothing changed.\n' +
        'gatehouse: have its owner verify the address first, or run again with --take-over to end its ' +
        'sessions, remove its passkeys, two-factor and linked accounts, replace its password, mark the ' +
        'address verified and make it an admin.',
    );
    return 1;
  }
  for (const line of report(email, result)) console.log(line);
  return 0;
}

function report(email: string, result: Exclude<EnsureAdminResult, { outcome: 'unverified' }>): string[] {
  const password = (generated: string | undefined) =>
    generated ? [`Password: ${generated}  (shown once; change it after signing in)`] : [];
  if (result.outcome === 'created') return [`Created admin ${email}.`, ...password(result.generatedPassword)];
  if (result.outcome === 'promoted') {
    const ended = `Password updated; ${result.sessionsEnded} session(s) ended.`;
    return [`${email} is now an admin.${result.passwordSet ? ` ${ended}` : ''}`];
  }
  const { sessions, passkeys, twoFactor, socialAccounts } = result.removed;
  return [
    `Took over ${email}: ${sessions} session(s) ended, ${passkeys} passkey(s) removed, ` +
      `two-factor ${twoFactor ? 'removed' : 'was not set up'}, linked accounts removed: ` +
      `${socialAccounts.length > 0 ? socialAccounts.join(', ') : 'none'}.`,
    `The password was replaced, the address marked verified, and ${email} is now an admin.`,
    ...password(result.generatedPassword),
  ];
}
