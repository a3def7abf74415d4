import { z } from 'zod';

const isoDate = z.iso.datetime();

export const endpointJson = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  organizationId: z.string().nullable(),
  description: z.string().nullable(),
  enabled: z.boolean(),
  failing: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

export const deliveryJson = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string().nullable(),
  eventType: z.string(),
  webhookId: z.string(),
  attempt: z.number().int(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  responseStatus: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  nextAttemptAt: isoDate.nullable(),
  createdAt: isoDate,
  redeliveryOf: z.string().nullable(),
  attempts: z.array(
    z.object({
      attempt: z.number().int(),
      startedAt: isoDate,
      responseStatus: z.number().int().nullable(),
      durationMs: z.number().int(),
      error: z.string().nullable(),
    }),
  ),
});

export const createdEndpointAnswer = z.object({ endpoint: endpointJson, secret: z.string() });
export const endpointAnswer = z.object({ endpoint: endpointJson });
export const endpointListAnswer = z.object({ endpoints: z.array(endpointJson) });
export const secretAnswer = z.object({ secret: z.string() });
export const successAnswer = z.object({ success: z.boolean() });
export const deliveryAnswer = z.object({ delivery: deliveryJson });
export const deliveryPageAnswer = z.object({
  deliveries: z.array(deliveryJson),
  nextCursor: z.string().nullable(),
});
