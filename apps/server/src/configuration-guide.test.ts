import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/**
 * docs/configuration.md's table is the settings reference: it must name every environment
 * variable the server reads, and nothing it does not read.
 */
const GUIDE = new URL('../../../docs/configuration.md', import.meta.url);

/** The variables the table's first column names (`A` / `B` rows name several), and its aliases. */
function documentedVariables(): Set<string> {
  const names = new Set<string>();
  for (const line of readFileSync(GUIDE, 'utf8').split('\n')) {
    const firstCell = /^\| (`[^|]+) \|/.exec(line)?.[1];
    for (const name of firstCell?.matchAll(/`([A-Z][A-Z0-9_]*)`/g) ?? []) names.add(name[1] ?? '');
    for (const alias of line.matchAll(/`([A-Z][A-Z0-9_]*)` is accepted as an alias/g))
      names.add(alias[1] ?? '');
  }
  return names;
}

/** Every variable `loadConfig` looks at, over environments that reach each conditional read. */
function readVariables(): Set<string> {
  const names = new Set<string>();
  const environments: Record<string, string>[] = [
    {},
    {
      NODE_ENV: 'production',
      AUTH_SECRET: 'a-production-secret-of-more-than-32-characters',
      SMTP_URL: 'smtp://user:pass@mail.example.com:587',
      MAIL_FROM: 'Gatehouse <no-reply@example.com>',
    },
    {
      GITLAB_CLIENT_ID: 'id',
      GITLAB_CLIENT_SECRET: 'secret',
      MICROSOFT_CLIENT_ID: 'id',
      MICROSOFT_CLIENT_SECRET: 'secret',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'id',
      OIDC_CLIENT_SECRET: 'secret',
    },
  ];
  for (const environment of environments) {
    const recording = new Proxy(environment, {
      get(target, key) {
        if (typeof key === 'string') names.add(key);
        return target[key as string];
      },
    });
    loadConfig(recording);
  }
  return names;
}

describe('docs/configuration.md', () => {
  it('lists every environment variable the server reads, and only those', () => {
    const documented = documentedVariables();
    const read = readVariables();
    expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([]);
    expect([...documented].filter((name) => !read.has(name)).sort()).toEqual([]);
    expect(read.size).toBeGreaterThan(50);
  });
});
