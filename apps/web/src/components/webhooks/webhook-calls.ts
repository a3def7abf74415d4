import type { WebhookDelivery, WebhookDeliveryPage, WebhookEndpoint } from '@gatehouse/client';

/** What create and edit send: the URL, the chosen events, the description (null: none). */
export interface WebhookFields {
  url: string;
  events: string[];
  description: string | null;
}

/**
 * The calls for one owner's endpoints: the server's (admins) or an organization's. The screens
 * build these from the client's server-wide or organization calls, so the pieces here stay the
 * same for both (docs/protocol/webhooks.md#3-who-may-do-what).
 */
export interface WebhookCalls {
  /** Tells this owner's list from another's in the query cache. */
  queryKey: readonly unknown[];
  list(signal: AbortSignal): Promise<{ endpoints: WebhookEndpoint[] }>;
  create(fields: WebhookFields): Promise<{ endpoint: WebhookEndpoint; secret: string }>;
  update(
    change: { endpointId: string } & Partial<WebhookFields> & { enabled?: boolean },
  ): Promise<{ endpoint: WebhookEndpoint }>;
  remove(endpointId: string): Promise<unknown>;
  /** A new secret, answered once; the old one signs too for 24 hours (docs/protocol/webhooks.md#45-post-webhooksrotate-secret). */
  rotate(endpointId: string): Promise<{ secret: string }>;
  deliveries(
    endpointId: string,
    cursor: string | undefined,
    signal: AbortSignal,
  ): Promise<WebhookDeliveryPage>;
  redeliver(deliveryId: string): Promise<{ delivery: WebhookDelivery }>;
  sendTest(endpointId: string): Promise<{ delivery: WebhookDelivery }>;
}

/** What each caller may do; the server decides anyway. */
export interface WebhookRights {
  canCreate: boolean;
  /** Edit, turn on and off, rotate, send test, redeliver (`webhook:update`). */
  canUpdate: boolean;
  canDelete: boolean;
}
