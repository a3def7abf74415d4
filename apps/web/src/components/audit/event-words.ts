import type { SecurityEvent } from '@gatehouse/client';
import { en, type MessageKey } from '../../i18n/en.ts';

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

// Each event type's words live in the catalogues as `audit.event.<type>` (the engine's names,
// docs/security-activity.md#events); a type without words yet shows as its raw name. Sign-in methods
// (`audit.method.<method>`) and actor types (`audit.actor.<type>`) are worded the same way.
const isMessageKey = (key: string): key is MessageKey => key in en;

/** "Signed in (passkey)", "Signed in (google)", "Sign-in failed", or the raw type when it has no words yet. */
export function describeEvent(event: SecurityEvent, t: Translate): string {
  const key = `audit.event.${event.type}`;
  const words = isMessageKey(key) ? t(key) : event.type;
  const { method, provider } = event.metadata;
  if (event.type !== 'user.signed_in' || typeof method !== 'string') return words;
  // A social sign-in is best named by its provider.
  if (method === 'social' && typeof provider === 'string') return `${words} (${provider})`;
  const methodKey = `audit.method.${method}`;
  // A method without words is left out rather than shown in the engine's English.
  return isMessageKey(methodKey) ? `${words} (${t(methodKey)})` : words;
}

/** Who acted: their address or id when the event has one, else what kind of actor, in words. */
export function describeActor(event: SecurityEvent, t: Translate): string {
  const { email, id, type } = event.actor;
  if (email) return email;
  if (id) return id;
  const key = `audit.actor.${type}`;
  return t(isMessageKey(key) ? key : 'audit.actor.unknown');
}
