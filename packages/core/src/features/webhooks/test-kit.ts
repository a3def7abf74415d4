/**
 * Shared set-up for the webhooks feature's tests: a server with webhooks, organizations and the
 * admin feature on, people signed up over HTTP, and the calls most tests make.
 */
import { expect } from 'vitest';
import type { Dialect } from '../../db/schema.ts';
import type { AuthOptions } from '../../options.ts';
import { type Person, expectBadBodiesRefused as refusesBadBodies } from '../../testing/people.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

export {
  addToOrg,
  BODY_INVALID,
  createOrg,
  json,
  makeAdmin,
  type Person,
  person,
  QUERY_INVALID,
  UNAUTHORIZED,
} from '../../testing/people.ts';

export const NOT_ALLOWED = {
  status: 403,
  code: 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS',
  message: 'You are not allowed to manage webhooks',
};
export const NOT_MEMBER = {
  status: 403,
  code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION',
  message: 'User is not a member of the organization',
};
export const ENDPOINT_NOT_FOUND = {
  status: 404,
  code: 'WEBHOOK_ENDPOINT_NOT_FOUND',
  message: 'Webhook endpoint not found',
};
export const DELIVERY_NOT_FOUND = {
  status: 404,
  code: 'WEBHOOK_DELIVERY_NOT_FOUND',
  message: 'Webhook delivery not found',
};
export const ENDPOINT_DISABLED = {
  status: 400,
  code: 'WEBHOOK_ENDPOINT_DISABLED',
  message: 'Webhook endpoint is disabled',
};
export const EVENT_TYPE_UNKNOWN = {
  status: 400,
  code: 'WEBHOOK_EVENT_TYPE_UNKNOWN',
  message: 'Unknown event type',
};
export const LIMIT_REACHED = {
  status: 400,
  code: 'WEBHOOK_ENDPOINT_LIMIT_REACHED',
  message: 'Too many webhook endpoints',
};

export function startWebhookServer(
  dialect: Dialect,
  extra: Partial<Omit<AuthOptions, 'database' | 'baseURL' | 'now'>> = {},
): Promise<TestServer> {
  return startTestServer(dialect, {
    webhooks: { allowPrivateUrls: true, retryBaseMs: 100 },
    organization: { enabled: true, dynamicAccessControl: { enabled: true } },
    admin: { enabled: true },
    ...extra,
  });
}

export const RECEIVER = 'http://127.0.0.1:9/hook';

/** An event type these tests never cause, so an endpoint made with it receives only test messages. */
export const QUIET_EVENTS = ['user.passkey_registered'];

/** Creates an endpoint over HTTP as `who`; returns the create answer. */
export async function createEndpoint(who: Person, body: Record<string, unknown> = {}) {
  const response = await who.client.post('/webhooks/create-endpoint', {
    url: RECEIVER,
    events: QUIET_EVENTS,
    ...body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as {
    endpoint: Record<string, unknown> & { id: string };
    secret: string;
  };
}

/** Bad bodies change nothing (the oversized one in `endpointId`). */
export const expectBadBodiesRefused = (
  server: TestServer,
  send: (text: string) => Promise<Response>,
  bodies: unknown[],
) => refusesBadBodies(server, send, bodies, 'endpointId');
