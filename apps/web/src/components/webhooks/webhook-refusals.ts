import { GatehouseError } from '@gatehouse/client';

/** Which field of the endpoint form a refusal belongs to; the others are said above the buttons. */
export function refusalField(error: unknown): 'url' | 'events' | 'description' | null {
  if (!(error instanceof GatehouseError)) return null;
  if (['INVALID_WEBHOOK_URL', 'WEBHOOK_URL_NOT_HTTPS', 'WEBHOOK_URL_PRIVATE_ADDRESS'].includes(error.code))
    return 'url';
  if (error.code === 'WEBHOOK_EVENT_TYPE_UNKNOWN') return 'events';
  if (error.code === 'VALIDATION_ERROR') {
    const path = error.issues?.[0]?.path ?? '';
    if (path === 'url') return 'url';
    if (path.startsWith('events')) return 'events';
    if (path === 'description') return 'description';
  }
  return null;
}
