import { describe, expect, it } from 'vitest';
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
