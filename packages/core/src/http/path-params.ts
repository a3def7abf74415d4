import { AuthError } from '../errors.ts';

/**
 * Decodes the percent-encoded path parameters the router captured. A parameter that does not
 * decode (a truncated or invalid UTF-8 sequence such as `%E0%A4%A`) is bad input: 400
 * `VALIDATION_ERROR` "Invalid path parameters", like a query or body that fails its schema.
 */
export function decodePathParams(raw: Record<string, string>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    try {
      params[name] = decodeURIComponent(value);
    } catch {
      throw new AuthError('VALIDATION_ERROR', {
        params: { where: 'path' },
        details: { issues: [{ path: `path.${name}`, message: 'Malformed percent-escape' }] },
      });
    }
  }
  return params;
}
