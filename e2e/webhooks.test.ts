import { startWebhookReceiver, type VerifiedDelivery, type WebhookReceiver } from '@gatehouse/core/testing';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAs } from './support/api.ts';
import { launchChromium, reportPageOnFailure, screenshot } from './support/browser.ts';
import { watchCspViolations } from './support/csp-violations.ts';
import { type Product, startProduct } from './support/product.ts';

const OWNER = { name: 'Wren Hooks', email: 'wren@example.com', password: 'wren password 1' };
const JOINER = { name: 'Jo Joiner', email: 'jo@example.com', password: 'jo password 1' };
const EVENTS = ['organization.invitation_created', 'organization.invitation_accepted'];

/**
 * An organization's webhook endpoint from the screen to a receiver, in Debian's Chromium: the
 * owner adds it on the Webhooks tab with two events, copies its signing secret (shown once) into
 * a loopback receiver that checks every message with the reference Standard Webhooks verifier
 * (docs/protocol/webhooks.md#6-signature-standard-webhooks-v1); Send test arrives as
 * `webhook.test` and the log says delivered; an invitation and its acceptance arrive as the two
 * events picked; a secret rotated in the screen signs the next message twice, the new secret
 * first (docs/protocol/webhooks.md#45-post-webhooksrotate-secret); deleting the endpoint empties
 * the tab.
 */
describe('a webhook’s journey: added in the screen, tested, delivered, rotated, deleted', () => {
  let product: Product;
  let browser: Browser;
  let context: BrowserContext;
  let receiver: WebhookReceiver;
  let page: Page | undefined;
  /** What the receiver verifies with: only what the owner copied off the screen. */
  let secrets: string[] = [];
  let firstSecret = '';
  let organizationId = '';
  const violations: string[] = [];

  beforeAll(async () => {
    receiver = await startWebhookReceiver({ secrets: () => secrets });
    product = await startProduct({ env: { WEBHOOKS: 'on', WEBHOOKS_ALLOW_PRIVATE_URLS: 'on' } });
    browser = await launchChromium();
    context = await browser.newContext();
    await watchCspViolations(context, violations);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    // Signed up and made owner through the API, with this browser's cookies: the screens under
    // test are the Webhooks tab's.
    await postAs(context, product.url, '/sign-up/email', OWNER);
    ({ id: organizationId } = (await postAs(context, product.url, '/organization/create', {
      name: 'Relay Works',
      slug: 'relay',
    })) as { id: string });
    await postAs(context, product.url, '/organization/set-active', { organizationId });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await receiver?.close();
  });
  reportPageOnFailure(() => page);

  const current = () => page as Page;
  const endpointList = () => current().getByRole('list', { name: 'Webhook endpoints' });

  /** Copies the secret the open dialog shows once, closes it, and answers the secret. */
  const copyShownSecret = async (shot: string): Promise<string> => {
    const shown = current().getByRole('dialog', { name: 'The signing secret' });
    await shown.getByText('You will not see this secret again', { exact: false }).waitFor();
    const secret = (await shown.locator('code').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await shown.getByRole('button', { name: 'Copy secret' }).click();
    await current().getByText('Secret copied.').waitFor();
    expect(await current().evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await screenshot(current(), shot);
    await shown.getByRole('button', { name: 'Close' }).last().click();
    await shown.waitFor({ state: 'detached' });
    expect(await current().content()).not.toContain(secret);
    return secret;
  };

  /**
   * The endpoint's log, read afresh (the page keeps a list for 10 s) until `count` deliveries say
   * delivered: the worker writes that after the receiver's answer.
   */
  const logShowsDelivered = async (count: number): Promise<Locator> => {
    const log = current().getByRole('list', { name: `Deliveries to ${receiver.url}` });
    for (let tries = 0; ; tries++) {
      await current().reload();
      await current()
        .getByRole('button', { name: `Deliveries to ${receiver.url}`, exact: true })
        .click();
      await log.waitFor();
      if ((await log.getByText('Delivered', { exact: true }).count()) === count) return log;
      if (tries === 20) throw new Error(`the log does not show ${count} delivered`);
      await current().waitForTimeout(250);
    }
  };

  /** The receiver's check, with its complaint, so a failure says why. */
  const verdict = (delivery: VerifiedDelivery | undefined) => ({
    verified: delivery?.verified,
    error: delivery?.verificationError,
  });

  it('adds an endpoint with two events, its secret shown once and copied', async () => {
    page = await context.newPage();
    await current().goto(`${product.url}/organization/webhooks`);
    await current().getByText('No webhook endpoints yet.').waitFor();
    await current().getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = current().getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByLabel('URL', { exact: true }).fill(receiver.url);
    for (const type of EVENTS) await dialog.getByRole('checkbox', { name: type }).check();
    await dialog.getByLabel('Description', { exact: true }).fill('Onboarding robot');
    await screenshot(current(), 'webhooks/01-add');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    firstSecret = await copyShownSecret('webhooks/02-secret-shown-once');
    secrets = [firstSecret];
    const row = endpointList().getByRole('listitem').filter({ hasText: receiver.url });
    await row.getByText('Onboarding robot').waitFor();
    expect(receiver.deliveries).toEqual([]);
  }, 60_000);

  it('sends a test message that the receiver verifies, and the log says delivered', async () => {
    await current()
      .getByRole('button', { name: `Send test to ${receiver.url}` })
      .click();
    await current().getByText('Test event queued. Its delivery shows in the log.').waitFor();
    const [test] = await receiver.waitFor(1);
    expect(verdict(test)).toEqual({ verified: true, error: null });
    expect(test?.body).toMatchObject({
      type: 'webhook.test',
      data: {
        type: 'webhook.test',
        outcome: 'success',
        organizationId,
        actor: { email: OWNER.email },
        target: { type: 'webhookEndpoint' },
      },
    });
    expect(test?.headers['webhook-signature']?.split(' ')).toHaveLength(1);

    const log = await logShowsDelivered(1);
    const newest = log.getByRole('listitem').first();
    await newest.getByText('webhook.test', { exact: true }).waitFor();
    await newest.getByText('HTTP 200').first().waitFor();
    await screenshot(current(), 'webhooks/03-test-delivered');
  }, 60_000);

  it('delivers an invitation and its acceptance, signed and verified', async () => {
    const { id: invitationId } = (await postAs(context, product.url, '/organization/invite-member', {
      email: JOINER.email,
      role: 'member',
    })) as { id: string };
    const joiner = await browser.newContext();
    await postAs(joiner, product.url, '/sign-up/email', JOINER);
    await postAs(joiner, product.url, '/organization/accept-invitation', { invitationId });
    await joiner.close();

    const events = (await receiver.waitFor(3)).slice(1);
    // No order is promised between two messages (docs/protocol/webhooks.md#7-delivery-retries-ordering).
    const byType = (type: string) => events.find((each) => (each.body as { type?: string }).type === type);
    for (const type of EVENTS) {
      expect(verdict(byType(type))).toEqual({ verified: true, error: null });
      expect(byType(type)?.body).toMatchObject({ type, data: { type, organizationId } });
    }
    await logShowsDelivered(3);
    await screenshot(current(), 'webhooks/04-events-delivered');
  }, 60_000);

  it('rotates the secret in the screen: the next message carries both signatures', async () => {
    await current()
      .getByRole('button', { name: `Rotate secret of ${receiver.url}` })
      .click();
    const confirm = current().getByRole('dialog', { name: 'Rotate the signing secret?' });
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = await copyShownSecret('webhooks/05-rotated-secret-shown-once');
    expect(rotated).not.toBe(firstSecret);
    // The receiver switches over to the new secret alone.
    secrets = [rotated];

    await current()
      .getByRole('button', { name: `Send test to ${receiver.url}` })
      .click();
    const next = (await receiver.waitFor(4))[3] as VerifiedDelivery;
    expect((next.body as { type?: string }).type).toBe('webhook.test');
    expect(verdict(next)).toEqual({ verified: true, error: null });
    const signatures = next.headers['webhook-signature']?.split(' ') ?? [];
    expect(signatures).toHaveLength(2);
    // Each entry alone: the new secret's first, then the old one's.
    const checks = (secret: string, signature: string | undefined) => () =>
      new Webhook(secret).verify(next.rawBody, { ...next.headers, 'webhook-signature': signature ?? '' });
    expect(checks(rotated, signatures[0])).not.toThrow();
    expect(checks(firstSecret, signatures[1])).not.toThrow();
    expect(checks(firstSecret, signatures[0])).toThrow();
    await logShowsDelivered(4);
  }, 60_000);

  it('deletes the endpoint in the screen', async () => {
    await current()
      .getByRole('button', { name: `Delete ${receiver.url}` })
      .click();
    const confirm = current().getByRole('dialog', { name: 'Delete this endpoint?' });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await current().getByText('Endpoint deleted.').waitFor();
    await current().getByText('No webhook endpoints yet.').waitFor();
    const listed = await context.request.get(
      `${product.url}/api/auth/webhooks/list-endpoints?organizationId=${organizationId}`,
    );
    expect(((await listed.json()) as { endpoints: unknown[] }).endpoints).toEqual([]);
    await screenshot(current(), 'webhooks/06-deleted');
    expect(receiver.deliveries).toHaveLength(4);
    expect(violations).toEqual([]);
  }, 60_000);
});
