/** Shown instead of a secret: its presence matters to an operator, its value never. */
export const MASK = '********';

/** Setting names whose values are credentials. */
const SECRET_KEY = /secret|token|password/i;

/**
 * A copy of a configuration value safe to print: credential fields masked, and the password of
 * any URL (database, Redis, SMTP) replaced, whatever settings exist now or are added later.
 */
export function maskSecrets(value: unknown, key = ''): unknown {
  if (value === undefined || value === null) return value ?? null;
  if (typeof value === 'string') {
    if (SECRET_KEY.test(key)) return MASK;
    return maskUrlPassword(value);
  }
  if (Array.isArray(value)) return value.map((item) => maskSecrets(item, key));
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, maskSecrets(inner, name)]));
  return value;
}

function maskUrlPassword(text: string): string {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/]*@/i.test(text)) return text;
  try {
    const url = new URL(text);
    if (url.password) url.password = MASK;
    return url.toString();
  } catch {
    return text;
  }
}
