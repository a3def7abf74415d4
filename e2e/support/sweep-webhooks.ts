import { startWebhookReceiver, type WebhookReceiver } from '@gatehouse/core/testing';

/** The sweep's two endpoints, by URL: the names of their buttons and logs say it. */
export interface SweepWebhooks {
  receiver: WebhookReceiver;
  /** Acme's endpoint, on its Webhooks tab. */
  organizationURL: string;
  /** The server-wide endpoint, on Admin → Webhooks. */
  serverURL: string;
}

/** Someone's calls to the auth API (support/api.ts). */
export interface Caller {
  post(path: string, data: object): Promise<Record<string, unknown>>;
  get(path: string): Promise<Record<string, unknown>>;
}

/**
 * Events nothing in the sweeps does (they only open the dialogs that would), so each log holds
 * exactly its test message whichever screens ran first (docs/protocol/webhooks.md#7-delivery-retries-ordering).
 */
const ORGANIZATION_EVENTS = ['organization.team_deleted', 'organization.role_deleted'];
const SERVER_EVENTS = ['admin.user_banned', 'admin.user_deleted'];

/**
 * One endpoint of the organization (added by `organizationAdmin`, an admin of it) and one
 * server-wide (added by the server's admin), each sent a test message that a loopback receiver
 * took and verified, so that lists and logs have content. Resolves once both logs say delivered:
 * the worker writes that after the answer.
 */
export async function seedSweepWebhooks(
  organizationAdmin: Caller,
  admin: Caller,
  organizationId: string,
): Promise<SweepWebhooks> {
  const secrets: string[] = [];
  const receiver = await startWebhookReceiver({ secrets: () => secrets });
  const add = async (caller: Caller, url: string, body: object) => {
    const { endpoint, secret } = (await caller.post('/webhooks/create-endpoint', { url, ...body })) as {
      endpoint: { id: string };
      secret: string;
    };
    secrets.push(secret);
    await caller.post('/webhooks/send-test', { endpointId: endpoint.id });
    return endpoint.id;
  };
  const organizationURL = `${receiver.url}/acme`;
  const serverURL = `${receiver.url}/everything`;
  const inOrganization = await add(organizationAdmin, organizationURL, {
    organizationId,
    events: ORGANIZATION_EVENTS,
    description: 'CRM sync',
  });
  const serverWide = await add(admin, serverURL, { events: SERVER_EVENTS, description: 'Audit archive' });

  const received = await receiver.waitFor(2);
  const unverified = received.filter((each) => !each.verified);
  if (unverified.length > 0)
    throw new Error(`sweep webhooks: not verified: ${unverified.map((each) => each.verificationError)}`);
  await delivered(organizationAdmin, inOrganization);
  await delivered(admin, serverWide);
  return { receiver, organizationURL, serverURL };
}

/** Waits until the endpoint's one delivery says succeeded. */
async function delivered(caller: Caller, endpointId: string): Promise<void> {
  for (let tries = 0; tries < 50; tries++) {
    const { deliveries } = (await caller.get(`/webhooks/list-deliveries?endpointId=${endpointId}`)) as {
      deliveries: { status: string }[];
    };
    if (deliveries.length === 1 && deliveries[0]?.status === 'succeeded') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`sweep webhooks: the test message to ${endpointId} was not delivered`);
}
