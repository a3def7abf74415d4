/**
 * W9: the endpoint that turns failing (3 failed attempts in a row) is told once by email — a
 * server-wide endpoint to its creator, an organization's to the organization's owners — naming the
 * URL's host, the last status or error and the webhooks screen, never the secret or a body.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookFailingEmail } from '../../email/webhook-failing-template.ts';
import { CaptureMailer } from '../../testing/capture-mailer.ts';
import { testDialects } from '../../testing/test-database.ts';
import type { TestServer } from '../../testing/test-server.ts';
import {
  type ReceiverAnswer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../testing/webhook-receiver.ts';
import {
  addToOrg,
  createEndpoint,
  createOrg,
  json,
  makeAdmin,
  type Person,
  person,
  startWebhookServer,
} from './test-kit.ts';

describe.each(testDialects())('the failing notice (%s)', (dialect) => {
  let server: TestServer;
  let admin: Person;
  const mailer = new CaptureMailer();
  const receivers: WebhookReceiver[] = [];
  beforeAll(async () => {
    server = await startWebhookServer(dialect, { mailer });
    admin = await person(server, 'admin');
    await makeAdmin(server, admin);
  });
  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.close();
  });
  afterAll(() => server.close());

  const notices = (to?: string) =>
    mailer.sent.filter((m) => m.kind === 'webhook-failing' && (to === undefined || m.to === to));

  /** An endpoint at a fresh receiver, answered as `respond` says. */
  async function endpointAt(who: Person, respond: () => ReceiverAnswer, extra: Record<string, unknown> = {}) {
    const receiver = await startWebhookReceiver({ secrets: () => [], respond });
    receivers.push(receiver);
    const created = await createEndpoint(who, { url: `${receiver.url}?token=path-secret`, ...extra });
    return { receiver, id: created.endpoint.id, secret: created.secret };
  }

  /** How many of the endpoint's deliveries have had an attempt. */
  async function attempted(who: Person, endpointId: string): Promise<number> {
    const page = await json(await who.client.get(`/webhooks/list-deliveries?endpointId=${endpointId}`));
    return page.deliveries.filter((d: { attempt: number }) => d.attempt > 0).length;
  }

  /** Sends `n` test messages, one at a time, each waiting for its first attempt to be recorded. */
  async function failTimes(who: Person, endpointId: string, n: number) {
    const before = await attempted(who, endpointId);
    for (let i = 1; i <= n; i++) {
      expect((await who.client.post('/webhooks/send-test', { endpointId })).status).toBe(200);
      await expect.poll(() => attempted(who, endpointId), { timeout: 5000 }).toBe(before + i);
    }
  }

  it('a server-wide endpoint: its creator hears once, with the host, the last status and /admin/webhooks', async () => {
    const { receiver, id, secret } = await endpointAt(admin, () => ({ status: 500 }));
    await failTimes(admin, id, 2);
    expect(notices()).toHaveLength(0);
    await failTimes(admin, id, 1);
    await expect.poll(() => notices(admin.email).length).toBe(1);
    const [notice] = notices(admin.email);
    const host = new URL(receiver.url).host;
    expect(notice?.subject).toBe(`Webhook deliveries to ${host} are failing`);
    expect(notice?.text).toContain(`The server-wide webhook endpoint at ${host} failed 3 delivery attempts`);
    expect(notice?.text).toContain('Last attempt: HTTP status 500');
    expect(notice?.link).toBe(`${server.url}/admin/webhooks`);
    expect(notice?.html).toContain(`href="${server.url}/admin/webhooks"`);
    for (const part of [notice?.subject, notice?.text, notice?.html]) {
      expect(part).not.toContain(secret);
      expect(part).not.toContain('path-secret');
      expect(part).not.toContain('webhook.test');
    }
    // Still failing: a fourth failure sends nothing more.
    await failTimes(admin, id, 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(notices(admin.email)).toHaveLength(1);
  });

  it("an organization's endpoint: every owner hears, an admin member does not; the error in words", async () => {
    const owner = await person(server, 'owner');
    const coOwner = await person(server, 'co-owner');
    const orgAdmin = await person(server, 'org-admin');
    const org = await createOrg(owner);
    await addToOrg(server, org.id, coOwner, 'owner');
    await addToOrg(server, org.id, orgAdmin, 'admin');
    const { receiver, id } = await endpointAt(orgAdmin, () => 'hang', { organizationId: org.id });
    // A hanging receiver times out only after 10 s; a closed port fails at once.
    await receiver.close();
    await failTimes(orgAdmin, id, 3);
    await expect.poll(() => notices(owner.email).length).toBe(1);
    await expect.poll(() => notices(coOwner.email).length).toBe(1);
    expect(notices(orgAdmin.email)).toHaveLength(0);
    const [notice] = notices(owner.email);
    expect(notice?.text).toContain('of the organization Acme failed 3 delivery attempts in a row');
    expect(notice?.text).toContain('Last attempt: the connection failed');
    expect(notice?.link).toBe(`${server.url}/organization/webhooks`);
  });
});

describe('the failing notice in German and French', () => {
  const input = {
    to: 'owner@example.com',
    name: 'Olga <b>',
    host: 'hooks.example.com',
    organization: 'Acme & Co',
    responseStatus: null,
    error: 'timeout',
    url: 'https://accounts.example.com/organization/webhooks',
  };

  it('has its subject, facts and link in the language, every value escaped in the HTML', () => {
    const de = webhookFailingEmail({ ...input, language: 'de' });
    expect(de.subject).toBe('Webhook-Zustellungen an hooks.example.com schlagen fehl');
    expect(de.text).toContain('Letzter Versuch: keine Antwort in der Frist');
    expect(de.html).toContain('<html lang="de">');
    expect(de.html).toContain('Acme &amp; Co');
    expect(de.html).not.toContain('Olga <b>');
    const fr = webhookFailingEmail({ ...input, language: 'fr', responseStatus: 503, error: null });
    expect(fr.subject).toBe('Les envois de webhooks vers hooks.example.com échouent');
    expect(fr.text).toContain('Dernière tentative\u00a0: statut HTTP 503');
    expect(fr.text).toContain(input.url);
    expect(fr.link).toBe(input.url);
  });
});
