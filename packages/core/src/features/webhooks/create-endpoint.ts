import { generateId } from '../../crypto/random.ts';
import { AuthError } from '../../errors.ts';
import { NOT_BY_API_KEY } from '../../http/caller/principal.ts';
import { defineEndpoint } from '../../http/endpoint.ts';
import { newWebhookSecret } from './delivery/signature.ts';
import { accessRefusals, requireWebhookAccess } from './endpoint-access.ts';
import { endpointEvent } from './endpoint-event.ts';
import { sealSecret } from './endpoint-secret.ts';
import { checkEventPatterns } from './event-patterns.ts';
import { urlHost } from './url-host.ts';
import { countEndpoints, findEndpoint, insertEndpoint } from './webhook.repository.ts';
import { endpointToJson } from './webhook-json.ts';
import { createdEndpointAnswer } from './webhook-response-schemas.ts';
import type { WebhookRoutesSetup } from './webhook-routes-setup.ts';
import { createEndpointBody } from './webhook-schemas.ts';

/** Endpoints one organization may have, and the server-wide ones (docs/protocol/webhooks.md#41-post-webhookscreate-endpoint). */
const LIMITS = { organization: 20, server: 50 };

/**
 * POST /webhooks/create-endpoint (docs/protocol/webhooks.md#41-post-webhookscreate-endpoint), its
 * checks in the order docs/protocol/webhooks.md#41-post-webhookscreate-endpoint gives: permission, events, URL, the limit. The secret is answered once.
 */
export const createWebhookEndpoint = (setup: WebhookRoutesSetup) =>
  defineEndpoint({
    name: 'createWebhookEndpoint',
    method: 'POST',
    path: '/webhooks/create-endpoint',
    summary: 'Register a webhook endpoint',
    description:
      'Server-wide (admins) or, with `organizationId`, for an organization (`webhook:create`). The answer ' +
      'holds the signing secret, the only time it is answered.',
    body: createEndpointBody,
    requires: 'sensitive',
    accepts: NOT_BY_API_KEY,
    response: createdEndpointAnswer,
    errors: [
      ...accessRefusals(setup.organizations),
      'WEBHOOK_EVENT_TYPE_UNKNOWN',
      ...setup.urlRefusals,
      'WEBHOOK_ENDPOINT_LIMIT_REACHED',
    ],
    async handler({ auth, request, body, session: { user } }) {
      const organizationId = body.organizationId ?? null;
      await requireWebhookAccess(auth, user, organizationId, 'create');
      checkEventPatterns(body.events);
      setup.checkUrl(body.url);
      const limit = organizationId === null ? LIMITS.server : LIMITS.organization;
      const id = generateId();
      const secret = newWebhookSecret();
      const now = new Date(auth.options.now()).toISOString();
      await auth.db.transaction().execute(async (trx) => {
        if ((await countEndpoints(trx, organizationId)) >= limit)
          throw new AuthError('WEBHOOK_ENDPOINT_LIMIT_REACHED');
        await insertEndpoint(trx, {
          id,
          url: body.url,
          events: JSON.stringify(body.events),
          organizationId,
          description: body.description ?? null,
          enabled: true,
          enabledAt: now,
          failing: false,
          consecutiveFailures: 0,
          secret: sealSecret(auth, secret),
          previousSecret: null,
          previousSecretUntil: null,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
        });
        await auth.audit.recordIn(
          trx,
          request,
          endpointEvent(
            'webhook.endpoint_created',
            { id, organizationId },
            {
              urlHost: urlHost(body.url),
              events: body.events,
            },
          ),
        );
      });
      const row = await findEndpoint(auth.db, id);
      if (!row) throw new Error('the endpoint just created is gone');
      return { endpoint: endpointToJson(row), secret };
    },
  });
