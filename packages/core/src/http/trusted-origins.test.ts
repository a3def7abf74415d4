import { describe, expect, it } from 'vitest';
import { createAuth } from '../create-auth.ts';
import { connectDatabase } from '../db/connect.ts';
import { TEST_SECRET } from '../testing/test-server.ts';
import { createOriginMatcher } from './trusted-origins.ts';

const matcher = createOriginMatcher(
  [
    'https://auth.example.com',
    'https://app.example.com',
    'https://*.preview.example.com',
    '*.internal.test',
    'myapp://callback',
  ],
  'https://auth.example.com',
);

describe('trusted origins', () => {
  it.each([
    ['https://auth.example.com', true],
    ['https://app.example.com/some/page', true],
    ['https://pr-12.preview.example.com', true],
    ['http://svc.internal.test:8080', true],
    ['http://app.example.com', false],
    ['https://app.example.com.evil.test', false],
    ['https://evil.test/https://app.example.com', false],
    ['https://preview.example.com', false],
    ['javascript:alert(1)', false],
    ['null', false],
    ['/relative', false],
  ])('origin %s trusted: %s', (candidate, trusted) => {
    expect(matcher.isTrustedOrigin(candidate)).toBe(trusted);
  });

  it.each([
    ['/dashboard?tab=1', true],
    ['https://app.example.com/welcome', true],
    ['//evil.example', false],
    ['/\\evil.example', false],
    ['/a%2F%2Fevil', false],
    ['/line\nbreak', false],
    ['dashboard', false],
    ['https://evil.example/', false],
  ])('redirect %s trusted: %s', (candidate, trusted) => {
    expect(matcher.isTrustedRedirect(candidate)).toBe(trusted);
  });
});

describe('trustedOrigins that would trust every site', () => {
  const create = (trustedOrigins: string[]) => {
    const database = connectDatabase(':memory:');
    try {
      return createAuth({
        secret: TEST_SECRET,
        baseURL: 'https://auth.example.test',
        database,
        trustedOrigins,
      });
    } finally {
      void database.close();
    }
  };

  it.each(['*', '**', 'https://*', 'http://*', '*://*', '*.*', 'https://*:8443'])(
    '%s is refused when the engine is created',
    (entry) => {
      expect(() => create(['https://app.example.test', entry])).toThrow(
        `trustedOrigins: '${entry}' would trust every site; list the origins, or use a subdomain wildcard such as https://*.example.com`,
      );
    },
  );

  it("Better Auth's narrower patterns stay accepted: host wildcards, subdomain wildcards, custom schemes", () => {
    const auth = create(['*.example.test', 'https://*.example.test', 'myapp://callback', 'myapp://*']);
    expect(auth.options.trustedOrigins).toContain('*.example.test');
  });
});
