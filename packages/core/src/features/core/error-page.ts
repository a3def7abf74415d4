import { z } from 'zod';
import { defineEndpoint } from '../../http/endpoint.ts';
import { escapeHtml } from '../../util/escape-html.ts';

const CODE = /^[A-Za-z0-9_'-]+$/;

/** A plain page naming an error code, where flows that end in a browser land when they fail. */
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
  async handler({ query }) {
    const code = query.error && CODE.test(query.error) ? query.error : 'UNKNOWN';
    const description = query.error_description ? `<p>${escapeHtml(query.error_description)}</p>` : '';
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><h1>Something went wrong</h1><p>Error code: <code>${code}</code></p>${description}</body></html>`;
    return new Response(html, { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' } });
  },
});
