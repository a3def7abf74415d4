import { parseArgs } from 'node:util';
import { AuthError } from '@gatehouse/core';
import { withOperator } from './operator-engine.ts';
import { UsageError } from './usage-error.ts';
import { listUsers, showUser } from './users.ts';
import { withDatabase } from './with-database.ts';

/** Prints `data` as JSON with --json, else as `text(data)`. */
export const print = <T>(json: boolean, data: T, text: (data: T) => string) =>
  console.log(json ? JSON.stringify(data, null, 2) : text(data));

const OPTIONS = {
  json: { type: 'boolean' },
  search: { type: 'string' },
  limit: { type: 'string' },
  reason: { type: 'string' },
  days: { type: 'string' },
  user: { type: 'string' },
  yes: { type: 'boolean' },
} as const;

/** A whole number from 1 to `max`, or a usage error. */
function count(raw: string | undefined, fallback: number, max: number): number {
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new UsageError();
  return value;
}

/** `users list|show|ban|unban|delete`; resolves to the exit code. */
export async function usersCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  const json = values.json === true;
  const [action, key, ...extra] = positionals;
  if (extra.length > 0) throw new UsageError();
  if (action === 'list' && key === undefined) {
    const limit = count(values.limit, 50, 10_000);
    const found = await withDatabase((database) => listUsers(database, { limit, search: values.search }));
    print(json, found, (list) =>
      list.map((u) => `${u.id}  ${u.email}  ${u.role ?? 'user'}${u.banned ? '  banned' : ''}`).join('\n'),
    );
    return 0;
  }
  if (key === undefined) throw new UsageError();
  if (action === 'show') {
    const user = await withDatabase((database) => showUser(database, key));
    if (!user) return notFound(json, key);
    print(json, user, (u) =>
      Object.entries(u)
        .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : value}`)
        .join('\n'),
    );
    return 0;
  }
  if (action === 'ban') {
    const days = values.days === undefined ? undefined : count(values.days, 1, 36_500);
    return act(json, key, 'banned', (operator, id) =>
      operator.banUser(id, { reason: values.reason, expiresInSeconds: days && days * 86_400 }),
    );
  }
  if (action === 'unban') return act(json, key, 'unbanned', (operator, id) => operator.unbanUser(id));
  // Deleting cannot be undone: the flag makes a slip of the keyboard harmless.
  if (action === 'delete' && values.yes === true)
    return act(json, key, 'deleted', (operator, id) => operator.removeUser(id));
  throw new UsageError();
}

/** `sessions revoke --user ID|EMAIL`; resolves to the exit code. */
export async function sessionsCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  if (positionals.join(' ') !== 'revoke' || values.user === undefined) throw new UsageError();
  const key = values.user;
  let revoked = 0;
  const code = await act(values.json === true, key, 'sessions revoked', async (operator, id) => {
    revoked = await operator.revokeSessions(id);
  });
  if (code === 0 && values.json !== true) console.log(`${revoked} session(s) ended`);
  return code;
}

/** Finds the user by id or email, applies `action` through the engine, and reports it. */
async function act(
  json: boolean,
  key: string,
  done: string,
  action: (operator: Parameters<Parameters<typeof withOperator>[0]>[0], userId: string) => Promise<void>,
): Promise<number> {
  return withOperator(async (operator, database) => {
    const user = await showUser(database, key);
    if (!user) return notFound(json, key);
    try {
      await action(operator, user.id);
    } catch (error) {
      if (error instanceof AuthError && error.code === 'USER_NOT_FOUND') return notFound(json, key);
      throw error;
    }
    print(json, { userId: user.id, email: user.email, result: done }, (r) => `${r.email}: ${r.result}`);
    return 0;
  });
}

function notFound(json: boolean, key: string): number {
  if (json) print(json, { error: 'USER_NOT_FOUND', key }, () => '');
  else console.error(`gatehouse: no user with id or email ${key}`);
  return 1;
}
