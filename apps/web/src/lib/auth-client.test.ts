import { afterEach, describe, expect, it, vi } from 'vitest';
import { authClient } from './auth-client.ts';

/** The page's <html lang>, as i18n/language.ts sets it, and a fetch that records each request. */
function page(lang: string) {
  vi.stubGlobal('document', { documentElement: { lang } });
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ status: true, message: 'sent' }), { status: 200 });
    }),
  );
  return calls;
}

describe('authClient', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['en', 'de', 'fr'])(
    'says the picked language (%s) as Accept-Language, keeping the other headers',
    async (lang) => {
      const calls = page(lang);
      await authClient.requestPasswordReset({ email: 'eve@example.com' });
      expect(calls).toHaveLength(1);
      const headers = new Headers(calls[0]?.init.headers);
      expect(headers.get('accept-language')).toBe(lang);
      expect(headers.get('content-type')).toBe('application/json');
      expect(calls[0]?.init.body).toBe(JSON.stringify({ email: 'eve@example.com' }));
      expect(calls[0]?.init.credentials).toBe('include');
    },
  );

  it('sends it on GET calls too', async () => {
    const calls = page('fr');
    await authClient.getSession();
    expect(new Headers(calls[0]?.init.headers).get('accept-language')).toBe('fr');
  });

  it('leaves the browser’s own Accept-Language when the page names no language the app speaks', async () => {
    const calls = page('');
    await authClient.requestPasswordReset({ email: 'eve@example.com' });
    expect(new Headers(calls[0]?.init.headers).has('accept-language')).toBe(false);
  });
});
