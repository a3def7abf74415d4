// @vitest-environment happy-dom
import { expect, it } from 'vitest';
import { sameSitePath } from './same-site-path.ts';

it('keeps paths on this site', () => {
  expect(sameSitePath('/account/sessions?tab=1#top')).toBe('/account/sessions?tab=1#top');
});

it('refuses anything that leads to another host', () => {
  for (const next of [
    null,
    '',
    'account',
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
  ]) {
    expect(sameSitePath(next)).toBeNull();
  }
});
