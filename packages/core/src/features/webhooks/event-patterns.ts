import { AuthError } from '../../errors.ts';
import { AUDIT_EVENT_TYPES } from '../../event-types.ts';

/** The groups an endpoint may subscribe to as `<group>.*` (docs/protocol/webhooks.md#2-endpoint-object). */
const GROUPS = [
  'user',
  'session',
  'account',
  'organization',
  'admin',
  'api_key',
  'rate_limit',
  'webhook',
] as const;

const known = new Set<string>([...AUDIT_EVENT_TYPES, ...GROUPS.map((group) => `${group}.*`), '*']);

/** Throws 400 WEBHOOK_EVENT_TYPE_UNKNOWN unless every entry is a type, a group prefix or `*`. */
export function checkEventPatterns(patterns: readonly string[]): void {
  if (!patterns.every((pattern) => known.has(pattern))) throw new AuthError('WEBHOOK_EVENT_TYPE_UNKNOWN');
}

/** Whether an event type is one the patterns subscribe to: exactly, by its group prefix, or by `*`. */
export function matchesEventType(patterns: readonly string[], type: string): boolean {
  return patterns.some(
    (pattern) =>
      pattern === '*' ||
      pattern === type ||
      (pattern.endsWith('.*') && type.startsWith(pattern.slice(0, -1))),
  );
}
