import { z } from 'zod';
import { emailLanguage } from '../../email/language.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { PLAIN_PAGE_POLICY, securityHeaders } from '../../http/security-headers.ts';
import { escapeHtml } from '../../util/escape-html.ts';
import { errorPageWords } from './error-page-words.ts';

const CODE = /^[A-Za-z0-9_'-]+$/;

/**
 * A plain page naming an error code, where flows that end in a browser land when they fail. It
 * speaks the first of English, German and French the browser's Accept-Language asks for, as the
 * emails do (docs/email.md#languages).
 */
export const errorPage = defineEndpoint({
  name: 'error',
  method: 'GET',
  path: '/error',
  summary: 'The page a failed browser flow lands on',
  description: 'A plain HTML page naming the error code given as `?error=`.',
  query: z.object({
    error: z.string().max(256).optional().catch(undefined),
    error_description: z.string().max(1024).optional().catch(undefined),
  }),
  requires: 'none',
  html: true,
  errors: [],
  async handler({ query, request }) {
    const language = emailLanguage(request);
    const words = errorPageWords[language];
    const code = query.error && CODE.test(query.error) ? query.error : 'UNKNOWN';
    const description = query.error_description ? `<p>${escapeHtml(query.error_description)}</p>` : '';
    const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${words.title}</title></head><body><h1>${words.heading}</h1><p>${words.code} <code>${code}</code></p>${description}<p>${words.next}</p></body></html>`;
    return new Response(html, {
      status: 200,
      headers: {
        ...securityHeaders(PLAIN_PAGE_POLICY),
        'content-type': 'text/html; charset=utf-8',
        'content-language': language,
        // Caches keep one copy per language asked for.
        vary: 'Accept-Language',
      },
    });
  },
});
