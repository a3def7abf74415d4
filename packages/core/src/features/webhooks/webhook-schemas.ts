import { z } from 'zod';
import { oneLine } from '../../http/one-line.ts';

/**
 * The routes' input (docs/protocol/webhooks.md#4-routes). Unknown keys are refused, as the audit
 * routes refuse them. The URL is bounded a little above the 2048 characters INVALID_WEBHOOK_URL
 * names, so an over-long URL gets that code and only an absurd one the schema's refusal; event
 * entries are checked against the event model by the handler (WEBHOOK_EVENT_TYPE_UNKNOWN).
 */
const id = oneLine(z.string().min(1).max(256));
const url = oneLine(z.string().min(1).max(4096));
const events = z
  .array(oneLine(z.string().min(1).max(100)))
  .min(1)
  .max(100)
  .refine((list) => new Set(list).size === list.length, { message: 'Each event type once' });
const description = oneLine(z.string().min(1).max(500)).nullable();

export const createEndpointBody = z.strictObject({
  url,
  events,
  organizationId: id.nullable().optional(),
  description: description.optional(),
});

export const updateEndpointBody = z
  .strictObject({
    endpointId: id,
    url: url.optional(),
    events: events.optional(),
    enabled: z.boolean().optional(),
    description: description.optional(),
  })
  .refine((body) => Object.keys(body).some((key) => key !== 'endpointId'), {
    message: 'Name at least one change',
  });

export const endpointIdBody = z.strictObject({ endpointId: id });
export const deliveryIdBody = z.strictObject({ deliveryId: id });

export const listEndpointsQuery = z.strictObject({ organizationId: id.optional() });

export const DEFAULT_DELIVERY_LIMIT = 20;
const MAX_DELIVERY_LIMIT = 200;

export const listDeliveriesQuery = z.strictObject({
  endpointId: id,
  limit: z
    .string()
    .regex(/^\d{1,3}$/, `Expected a whole number from 1 to ${MAX_DELIVERY_LIMIT}`)
    .transform(Number)
    .refine(
      (n) => n >= 1 && n <= MAX_DELIVERY_LIMIT,
      `Expected a whole number from 1 to ${MAX_DELIVERY_LIMIT}`,
    )
    .optional(),
  cursor: z.string().max(512).optional(),
});
