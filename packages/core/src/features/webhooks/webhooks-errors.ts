/**
 * The webhooks feature's error codes, part of the one catalogue (`errors.ts`), with the
 * statuses and messages (docs/protocol/webhooks.md#49-errors). `USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION`
 * is the organization feature's code, answered here with 403 as `/organization/events` does.
 */
export const webhookErrors = {
  YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS: { status: 403, message: 'You are not allowed to manage webhooks' },
  WEBHOOK_ENDPOINT_NOT_FOUND: { status: 404, message: 'Webhook endpoint not found' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, message: 'Webhook delivery not found' },
  WEBHOOK_ENDPOINT_DISABLED: { status: 400, message: 'Webhook endpoint is disabled' },
  WEBHOOK_EVENT_TYPE_UNKNOWN: { status: 400, message: 'Unknown event type' },
  INVALID_WEBHOOK_URL: { status: 400, message: 'Invalid webhook URL' },
  WEBHOOK_URL_NOT_HTTPS: { status: 400, message: 'Webhook URL must use https' },
  WEBHOOK_URL_PRIVATE_ADDRESS: {
    status: 400,
    message: 'Webhook URL must not point to a private, loopback or link-local address',
  },
  WEBHOOK_ENDPOINT_LIMIT_REACHED: { status: 400, message: 'Too many webhook endpoints' },
} as const satisfies Record<string, { status: number; message: string }>;
