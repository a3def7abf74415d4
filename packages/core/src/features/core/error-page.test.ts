import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-database.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { errorPageWords } from './error-page-words.ts';

describe.each(testDialects())('GET /error in the browser’s language (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(dialect);
  });
  afterAll(() => server.close());

  const page = async (acceptLanguage?: string, query = '?error=INVALID_TOKEN') => {
    const headers: Record<string, string> = acceptLanguage ? { 'accept-language': acceptLanguage } : {};
    const response = await server.client().get(`/error${query}`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('vary')).toContain('Accept-Language');
    return { html: await response.text(), language: response.headers.get('content-language') };
  };

  it('speaks English without Accept-Language, and for languages it does not have', async () => {
    for (const header of [undefined, 'es-ES, it;q=0.8', '*']) {
      const { html, language } = await page(header);
      expect(language, header).toBe('en');
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<h1>Something went wrong</h1>');
      expect(html).toContain('Error code: <code>INVALID_TOKEN</code>');
    }
  });

  it('speaks German to de-AT and French to a browser preferring French by q-value', async () => {
    const german = await page('de-AT,de;q=0.9,en;q=0.5');
    expect(german.language).toBe('de');
    expect(german.html).toContain('<html lang="de">');
    expect(german.html).toContain('<title>Fehler</title>');
    expect(german.html).toContain('<h1>Etwas ist schiefgelaufen</h1>');
    expect(german.html).toContain('Fehlercode: <code>INVALID_TOKEN</code>');
    expect(german.html).not.toContain('Something went wrong');

    const french = await page('en;q=0.4, fr-CA;q=0.9');
    expect(french.language).toBe('fr');
    expect(french.html).toContain('<h1>Une erreur s’est produite</h1>');
    expect(french.html).toContain('Code d’erreur\u00a0: <code>INVALID_TOKEN</code>');
  });

  it('still escapes what it echoes, and names an unusable code UNKNOWN, in every language', async () => {
    for (const header of ['en', 'de', 'fr']) {
      const { html } = await page(header, '?error=<script>&error_description=<b>bold</b>');
      expect(html).toContain('<code>UNKNOWN</code>');
      expect(html).toContain('&lt;b&gt;bold&lt;/b&gt;');
      expect(html).not.toContain('<script>');
    }
  });

  it('forbids scripts, styles, forms and framing, and sends its referrer to this origin only', async () => {
    const response = await server.client().get('/error?error=INVALID_TOKEN');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('same-origin');
  });

  it('has every sentence in every language, none left empty', () => {
    const keys = Object.keys(errorPageWords.en).sort();
    for (const words of [errorPageWords.de, errorPageWords.fr]) {
      expect(Object.keys(words).sort()).toEqual(keys);
      for (const text of Object.values(words)) expect(text.trim()).not.toBe('');
    }
  });
});
