import { en, type MessageKey } from '../../i18n/en.ts';
import type { Translate } from '../../i18n/translate-function.ts';

/** The groups an endpoint may take whole as `<group>.*` (docs/protocol/webhooks.md#2-endpoint-object). */
export const EVENT_GROUPS = [
  'user',
  'session',
  'account',
  'organization',
  'admin',
  'api_key',
  'rate_limit',
  'webhook',
] as const;

export const ALL_EVENTS = '*';

const AUDIT_PREFIX = 'audit.event.';

/**
 * The event types the app has words for, by their group, read from the audit words
 * (`audit.event.<type>`, docs/security-activity.md#events) so the picker offers what the activity
 * screens name. The listed groups come first, in the order of docs/protocol/webhooks.md#2-endpoint-object;
 * a type of any other prefix after them.
 */
export function eventTypesByGroup(): { group: string; types: string[] }[] {
  const types = Object.keys(en)
    .filter((key) => key.startsWith(AUDIT_PREFIX))
    .map((key) => key.slice(AUDIT_PREFIX.length));
  const groups = [...new Set([...EVENT_GROUPS, ...types.map((type) => type.split('.')[0] ?? '')])];
  return groups
    .map((group) => ({ group, types: types.filter((type) => type.startsWith(`${group}.`)) }))
    .filter(({ types: inGroup }) => inGroup.length > 0);
}

/** Whether the group may be chosen whole (`user.*`): only the groups the engine takes whole are. */
export const isWholeGroup = (group: string): boolean => (EVENT_GROUPS as readonly string[]).includes(group);

/** The choice already covering `type` (`*` or its `group.*`), if one is chosen. */
export function coveringChoice(type: string, chosen: readonly string[]): string | null {
  if (chosen.includes(ALL_EVENTS)) return ALL_EVENTS;
  const prefix = `${type.split('.')[0]}.*`;
  return chosen.includes(prefix) ? prefix : null;
}

/** A group's words ("Users"); one the app does not know shows as stored. */
export function groupLabel(group: string, t: Translate): string {
  const key = `webhook.group.${group}`;
  return key in en ? t(key as MessageKey) : group;
}

/** An event type's words ("Signed in"), or the type itself where the app has none. */
export function eventLabel(type: string, t: Translate): string {
  if (type === 'webhook.test') return t('webhook.test');
  const key = `${AUDIT_PREFIX}${type}`;
  return key in en ? t(key as MessageKey) : type;
}

const SHOWN = 3;

/** An endpoint's events in one line: "all events", or the first few as stored and how many more. */
export function eventsSummary(events: readonly string[], t: Translate): string {
  if (events.includes(ALL_EVENTS)) return t('webhook.eventsAll');
  const list = events.slice(0, SHOWN).join(', ');
  return events.length <= SHOWN ? list : t('webhook.eventsMore', { list, count: events.length - SHOWN });
}
