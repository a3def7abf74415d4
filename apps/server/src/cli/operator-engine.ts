import {
  type Auth,
  type AuthDatabase,
  connectDatabase,
  createAuth,
  createRedisStorage,
  type OperatorActions,
} from '@gatehouse/core';
import { loadConfig } from '../config.ts';
import { loadOrCreateSecret } from '../secret.ts';

/**
 * Runs `work` with the engine as the server configures it for the data the operator commands
 * touch: the same database, secret and features, and the same Redis, so a ban or a revocation
 * reaches every running server's cookie caches at once.
 */
export async function withOperator<T>(
  work: (operator: OperatorActions, database: AuthDatabase) => Promise<T>,
): Promise<T> {
  const config = loadConfig();
  const database = connectDatabase(config.databaseURL, { statementTimeoutMs: 0 });
  const storage = config.redisURL ? createRedisStorage(config.redisURL, { log: () => {} }) : undefined;
  try {
    await storage?.ready(2000);
    const auth: Auth = createAuth({
      database,
      storage,
      secret: config.secret ?? loadOrCreateSecret(config.dataDir),
      baseURL: config.baseURL,
      admin: { enabled: true, adminEmails: config.adminEmails },
      organization: {
        enabled: config.organizations.enabled,
        teams: { enabled: config.organizations.teams },
        dynamicAccessControl: { enabled: config.organizations.customRoles },
      },
      twoFactor: { enabled: config.twoFactor },
      jwt: { enabled: config.jwt },
      // On as the server has it, so that deleting a user deletes their keys as the server would.
      apiKey: config.apiKeys.enabled ? {} : false,
      // Revocation markers must outlive the longest cookie cache the servers hand out.
      session: {
        cookieCache: {
          enabled: config.session.cookieCacheMaxAge > 0,
          maxAge: config.session.cookieCacheMaxAge,
        },
      },
      logError: () => {},
    });
    if (!auth.operator) throw new Error('the admin feature is off');
    return await work(auth.operator, database);
  } finally {
    await storage?.close?.();
    await database.close();
  }
}
