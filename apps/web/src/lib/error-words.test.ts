import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_KEY_ERROR_CODES } from '@better-auth/api-key/client';
import { GatehouseError } from '@gatehouse/client';
import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/language.ts';
import { errorMessage } from './error-messages.ts';
import { ERROR_WORDS } from './error-words.ts';

/**
 * The codes of the engine's catalogue (`errors.ts` and each feature's `<feature>-errors.ts`), read
 * as text: the web app does not load engine code.
 */
function catalogueCodes(): string[] {
  const source = (path: string) => readFileSync(fileURLToPath(new URL(path, import.meta.url)), 'utf8');
  const features = '../../../../packages/core/src/features/';
  const files = [
    '../../../../packages/core/src/errors.ts',
    ...readdirSync(fileURLToPath(new URL(features, import.meta.url)), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `${features}${entry.name}/${entry.name}-errors.ts`)
      .filter((path) => existsSync(fileURLToPath(new URL(path, import.meta.url)))),
  ];
  return files.flatMap((path) => {
    const text = source(path);
    const body = text.slice(text.search(/Errors = \{$/m), text.indexOf('} as const satisfies'));
    return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]+): \{/gm)].map((match) => match[1] ?? '');
  });
}

/** Codes that never reach a person from the web app; none so far, each would say why here. */
const NEVER_SHOWN = new Set<string>([]);

/** Codes the client makes up itself, not the server's catalogue. */
const CLIENT_CODES = new Set(['NETWORK_ERROR']);

/**
 * Codes Better Auth's API-key client table names that no Gatehouse route answers (configurations
 * Gatehouse does not offer, the reference's internal failures; docs/protocol/api-key-client.md#errors).
 * They keep words, as the client table has them; a test below fails once the catalogue has one.
 */
const CLIENT_TABLE_ONLY = new Set([
  'METADATA_DISABLED',
  'KEY_DISABLED_EXPIRATION',
  'NAME_REQUIRED',
  'ORGANIZATION_PLUGIN_REQUIRED',
  'KEY_NOT_RECOVERABLE',
  'INVALID_REMAINING',
  'INVALID_USER_ID_FROM_API_KEY',
  'INVALID_API_KEY_GETTER_RETURN_TYPE',
  'FAILED_TO_UPDATE_API_KEY',
  'NO_DEFAULT_API_KEY_CONFIGURATION_FOUND',
]);

/** Better Auth's API-key table names the rate-limit refusal by one code; the wire carries another. */
const WIRE_CODE: Record<string, string> = { RATE_LIMIT_EXCEEDED: 'RATE_LIMITED' };

describe('error words', () => {
  const codes = catalogueCodes();

  it('reads the whole catalogue', () => {
    expect(codes.length).toBeGreaterThan(180);
    expect(codes).toContain('VALIDATION_ERROR');
    expect(codes).toContain('YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG');
  });

  it('has words for every code of the catalogue a person can meet', () => {
    const missing = codes.filter((code) => !NEVER_SHOWN.has(code) && !Object.hasOwn(ERROR_WORDS, code));
    expect(missing).toEqual([]);
  });

  it('lists no code the catalogue does not have', () => {
    const stale = Object.keys(ERROR_WORDS).filter(
      (code) => !codes.includes(code) && !CLIENT_CODES.has(code) && !CLIENT_TABLE_ONLY.has(code),
    );
    expect(stale).toEqual([]);
  });

  it('keeps words only for client-table codes the engine’s catalogue does not have', () => {
    expect(codes.filter((code) => CLIENT_TABLE_ONLY.has(code))).toEqual([]);
    expect([...CLIENT_TABLE_ONLY].filter((code) => !Object.hasOwn(ERROR_WORDS, code))).toEqual([]);
  });

  it('has words for every code of Better Auth’s API-key client table, by its wire code', () => {
    const apiKeyCodes = Object.keys(API_KEY_ERROR_CODES).map((code) => WIRE_CODE[code] ?? code);
    expect(apiKeyCodes.length).toBeGreaterThan(25);
    expect(apiKeyCodes.filter((code) => !Object.hasOwn(ERROR_WORDS, code))).toEqual([]);
  });

  it('says every code in English, German and French, never with the server’s English message', () => {
    for (const language of ['en', 'de', 'fr'] as const) {
      for (const code of [...codes, ...CLIENT_TABLE_ONLY]) {
        const serverMessage = `server says ${code}`;
        const words = errorMessage(new GatehouseError(400, code, serverMessage), (key, values) =>
          translate(language, key, values),
        );
        expect(words, `${language} ${code}`).not.toContain('server says');
        expect(words.trim(), `${language} ${code}`).not.toBe('');
      }
    }
  });
});
