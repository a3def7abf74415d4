import type { AuditEventInput, MetadataValue } from '../../audit-event.ts';
import type { EndpointRow } from './webhook.repository.ts';

/**
 * An event about one endpoint (docs/protocol/webhooks.md#9-audit-events): its id as the target and
 * its organization, never its secret or URL path.
 */
export function endpointEvent(
  type: AuditEventInput['type'],
  endpoint: Pick<EndpointRow, 'id' | 'organizationId'>,
  metadata?: Record<string, MetadataValue | undefined>,
): AuditEventInput {
  return {
    type,
    target: { type: 'webhookEndpoint', id: endpoint.id },
    organizationId: endpoint.organizationId,
    ...(metadata ? { metadata } : {}),
  };
}
