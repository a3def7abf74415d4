import { connectDatabase, createAuth, createRedisStorage, migrateDatabase } from '@gatehouse/core';
import { type ServerType, serve } from '@hono/node-server';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { createMailer } from './mail.ts';
import { loadOrCreateSecret } from './secret.ts';
import { engineSocialProviders, publicSocialProviders } from './social-config.ts';

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

/** Opens the database, applies migrations, builds the engine and starts listening. */
export async function startServer(
  config: Config,
  log: (line: string) => void = console.log,
): Promise<RunningServer> {
  const database = connectDatabase(config.databaseURL);
  const report = await migrateDatabase(database);
  if (report.applied.length > 0) log(`gatehouse: applied migrations ${report.applied.join(', ')}`);

  // Redis lets several server copies share revocations; one process alone keeps them in memory.
  const storage = config.redisURL ? createRedisStorage(config.redisURL) : undefined;
  const mail = createMailer(config, log);
  const auth = createAuth({
    storage,
    mailer: mail.mailer,
    secret: config.secret ?? loadOrCreateSecret(config.dataDir),
    baseURL: config.baseURL,
    appName: config.appName,
    database,
    trustedOrigins: config.trustedOrigins,
    rateLimit: { enabled: config.rateLimit },
    emailAndPassword: { requireEmailVerification: config.requireEmailVerification },
    // Every new account gets a verification link; a person refused for an unverified email gets
    // a fresh one at once (sign-in is rate limited).
    emailVerification: { sendOnSignUp: true, sendOnSignIn: true },
    user: { changeEmail: { enabled: true }, deleteUser: { enabled: config.accountDeletion } },
    advanced: { ipAddressHeaders: config.ipAddressHeaders },
    admin: { enabled: true, adminEmails: config.adminEmails },
    jwt: { enabled: config.jwt },
    // A callback that fails before its state is read lands on the web app's page, not a bare one.
    onAPIError: { errorURL: `${config.baseURL}/social-error` },
    organization: {
      enabled: config.organizations.enabled,
      teams: { enabled: config.organizations.teams },
      dynamicAccessControl: { enabled: config.organizations.customRoles },
    },
    socialProviders: engineSocialProviders(config.socialProviders),
    // Emailed codes are offered whenever mail can be sent; social sign-ins that owe a second
    // factor land on the web app's /sign-in/two-factor page.
    twoFactor: { enabled: config.twoFactor },
    // Provider tokens are encrypted at rest with the secret (contract social-jwt §7).
    account: { encryptOAuthTokens: true },
    session: {
      expiresIn: config.session.expiresIn,
      updateAge: config.session.updateAge,
      freshAge: config.session.freshAge,
      cookieCache: {
        enabled: config.session.cookieCacheMaxAge > 0,
        maxAge: config.session.cookieCacheMaxAge,
      },
    },
  });
  const app = createApp({
    auth,
    database,
    devOutbox: mail.devOutbox,
    socialProviders: publicSocialProviders(config.socialProviders),
  });

  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: config.port, hostname: '0.0.0.0' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  log(`gatehouse: listening on port ${port}, public URL ${config.baseURL}`);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections would hold close() open; end them.
        if ('closeAllConnections' in server) server.closeAllConnections();
      })
        .then(() => mail.close())
        .then(() => database.close())
        .then(() => storage?.close?.()),
  };
}
