import type { MessageKey } from '../../i18n/en.ts';

const DAY = 24 * 60 * 60;

/**
 * How long a new key works, in seconds as create's `expiresIn` takes it. The server accepts one day
 * to 365 days (docs/protocol/api-key-client.md#limits), so "1 year" is 365 days, not a calendar year.
 */
export const EXPIRY_CHOICES = [
  { id: '30d', label: 'apiKey.expiry.30d', seconds: 30 * DAY },
  { id: '90d', label: 'apiKey.expiry.90d', seconds: 90 * DAY },
  { id: '1y', label: 'apiKey.expiry.1y', seconds: 365 * DAY },
  { id: 'never', label: 'apiKey.expiry.never', seconds: undefined },
] as const satisfies readonly { id: string; label: MessageKey; seconds: number | undefined }[];

export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number]['id'];

/** The shortest of the choices: a key that leaks is worth least. */
export const DEFAULT_EXPIRY: ExpiryChoice = '30d';

export const secondsOf = (choice: ExpiryChoice): number | undefined =>
  EXPIRY_CHOICES.find((each) => each.id === choice)?.seconds;
