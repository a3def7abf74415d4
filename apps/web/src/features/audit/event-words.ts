import type { SecurityEvent } from '@gatehouse/client';
import { en, type MessageKey } from '../../i18n/en.ts';

type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

// Each event type's words live in the catalogues as `audit.event.<type>` (the engine's names,
// README "Security activity"); a type without words yet shows as its raw name.
const isMessageKey = (key: string): key is MessageKey => key in en;

/** "Signed in (passkey)", "Signed in (google)", "Sign-in failed", or the raw type when it has no words yet. */
export function describeEvent(event: SecurityEvent, t: Translate): string {
  const key = `audit.event.${event.type}`;
  const words = isMessageKey(key) ? t(key) : event.type;
  const { method, provider } = event.metadata;
  if (event.type !== 'user.signed_in' || typeof method !== 'string') return words;
  // A social sign-in is best named by its provider.
  return `${words} (${method === 'social' && typeof provider === 'string' ? provider : method})`;
}
