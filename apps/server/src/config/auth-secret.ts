import type { Env } from './variables.ts';

/**
 * Reads AUTH_SECRET (or Better Auth's BETTER_AUTH_SECRET). Unset outside production: the server
 * generates one and keeps it in the data directory.
 */
export function readAuthSecret(env: Env, production: boolean, problems: string[]): string | undefined {
  const secret = env.AUTH_SECRET || env.BETTER_AUTH_SECRET || undefined;
  if (production && !secret)
    problems.push('AUTH_SECRET: required when NODE_ENV=production (32 or more random characters)');
  else if (production && secret && secret.length < 32)
    problems.push('AUTH_SECRET: expected at least 32 characters in production');
  return secret;
}
