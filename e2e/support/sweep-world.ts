import { present, SoftwareAuthenticator, totpCode, totpStep } from '@gatehouse/core/testing';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { getAs, postAs } from './api.ts';
import { launchChromium } from './browser.ts';
import { type Product, startProduct } from './product.ts';
import { type Screen, sweepScreens } from './screen-sweep.ts';
import { type SweepWebhooks, seedSweepWebhooks } from './sweep-webhooks.ts';

export const ADMIN = { email: 'root@example.com', password: 'admin password 1' };
export const OWNER = { name: 'Olga Owner', email: 'olga@example.com', password: 'olga password 1' };
/** Invited to the owner's organization, not yet answered; no organization of her own. */
export const INVITEE = { name: 'Grace Hopper', email: 'grace@example.com', password: 'grace password 1' };
/** A plain member of the owner's organization. */
export const MEMBER = { name: 'Mel Member', email: 'mel@example.com', password: 'mel password 1' };
/**
 * An admin of the owner's organization who holds the sweep's API keys: creating a key emails its
 * creator a notice (docs/email.md#sign-in-alerts), which would spend another person's mail budget
 * and starve the mails the other sweeps wait for (the user's "Resend verification email" toasts).
 */
export const KEY_HOLDER = { name: 'Kim Keys', email: 'kim@example.com', password: 'kim password 1' };
/** The key holder's keys: one with full access, one limited, and one of the organization's, limited. */
export const KEYS = { full: 'Deploy script', limited: 'Team builder', organization: 'Billing sync' };

/**
 * The people the screen sweep looks as: signed out, a user without an organization, the owner of
 * one (two-factor on, a passkey, a team, a custom role), the admin, a plain member, someone
 * halfway through signing in with two-factor, the admin impersonating the user, and the holder
 * of the API keys.
 */
export type Persona =
  | 'signed-out'
  | 'user'
  | 'owner'
  | 'admin'
  | 'member'
  | 'pending-two-factor'
  | 'impersonating'
  | 'key-holder';

export interface SweepWorld {
  product: Product;
  browser: Browser;
  contexts: Record<Persona, BrowserContext>;
  ids: { owner: string; user: string; keyHolder: string; organization: string; invitation: string };
  /** The user's emailed password-reset link (its path): it leads to the form with a valid token. */
  resetLink: string;
  /** An endpoint of Acme's and a server-wide one, each with its delivered test message. */
  webhooks: Pick<SweepWebhooks, 'organizationURL' | 'serverURL'>;
  /** Calls the auth API as one person. */
  post(persona: Persona, path: string, data: object): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** The product with the sweep's people and their data, each person signed in in a browser context. */
export async function startSweepWorld(): Promise<SweepWorld> {
  // Webhooks on, to loopback too: the sweep's endpoints point at a receiver on this machine.
  const product = await startProduct({
    admins: [ADMIN],
    env: {
      WEBHOOKS: 'on',
      WEBHOOKS_ALLOW_PRIVATE_URLS: 'on',
      MAGIC_LINK: 'on',
      EMAIL_OTP: 'on',
      USERNAME: 'on',
    },
  });
  const browser = await launchChromium();
  const personas: Persona[] = [
    'signed-out',
    'user',
    'owner',
    'admin',
    'member',
    'pending-two-factor',
    'impersonating',
    'key-holder',
  ];
  const contexts = Object.fromEntries(
    await Promise.all(personas.map(async (persona) => [persona, await browser.newContext()] as const)),
  ) as Record<Persona, BrowserContext>;
  const post = (persona: Persona, path: string, data: object) =>
    postAs(contexts[persona], product.url, path, data);

  const owner = present((await post('owner', '/sign-up/email', OWNER)).user) as { id: string };
  const organization = (await post('owner', '/organization/create', {
    name: 'Acme Rockets',
    slug: 'acme',
  })) as {
    id: string;
  };
  await post('owner', '/organization/set-active', { organizationId: organization.id });
  // A synced passkey for the owner's Security page and the admin's page about them; registered
  // with the software authenticator (this product's host is an IP address, which Chromium
  // refuses as a relying party id; e2e/passkeys.test.ts registers through Chromium).
  const options = await (
    await contexts.owner.request.get(`${product.url}/api/auth/passkey/generate-register-options?name=Phone`)
  ).json();
  const response = await new SoftwareAuthenticator({ synced: true }).register(options, {
    origin: product.url,
  });
  await post('owner', '/passkey/verify-registration', { response, name: 'Phone' });
  await post('owner', '/organization/create-team', { name: 'Launch crew' });
  await post('owner', '/organization/create-role', { role: 'auditor', permission: { auditLog: ['read'] } });
  const invitation = (await post('owner', '/organization/invite-member', {
    email: INVITEE.email,
    role: 'member',
  })) as { id: string };
  const user = present((await post('user', '/sign-up/email', INVITEE)).user) as { id: string };

  /**
   * Signs `person` up as `persona`, invited by the owner with `role`, and makes Acme their active
   * organization; answers their id.
   */
  const joins = async (persona: Persona, person: typeof MEMBER, role: string): Promise<string> => {
    const { id } = (await post('owner', '/organization/invite-member', { email: person.email, role })) as {
      id: string;
    };
    const joined = present((await post(persona, '/sign-up/email', person)).user) as { id: string };
    await post(persona, '/organization/accept-invitation', { invitationId: id });
    await post(persona, '/organization/set-active', { organizationId: organization.id });
    return joined.id;
  };
  await joins('member', MEMBER, 'member');
  const keyHolder = await joins('key-holder', KEY_HOLDER, 'admin');
  await post('key-holder', '/api-key/create', { name: KEYS.full });
  await post('key-holder', '/api-key/create', {
    name: KEYS.limited,
    permissions: { team: ['create', 'update'] },
  });
  await post('key-holder', '/api-key/create', {
    configId: 'organization',
    organizationId: organization.id,
    name: KEYS.organization,
    permissions: { invitation: ['create', 'cancel'], auditLog: ['read'] },
  });

  await post('admin', '/sign-in/email', ADMIN);
  await post('impersonating', '/sign-in/email', ADMIN);
  await post('impersonating', '/admin/impersonate-user', { userId: user.id });
  // The key holder, an admin of Acme, adds its endpoint: the owner's own activity and mail stay
  // as the other screens expect them.
  const callerOf = (persona: Persona) => ({
    post: (path: string, data: object) => post(persona, path, data),
    get: (path: string) => getAs(contexts[persona], product.url, path),
  });
  const { receiver, organizationURL, serverURL } = await seedSweepWebhooks(
    callerOf('key-holder'),
    callerOf('admin'),
    organization.id,
  );

  // The owner has two-factor on: their Security page and the admin's page about them show it,
  // and signing in as them stops halfway, at the second step.
  const { totpURI } = (await post('owner', '/two-factor/enable', { password: OWNER.password })) as {
    totpURI: string;
  };
  const secret = present(new URL(totpURI).searchParams.get('secret'));
  await post('owner', '/two-factor/verify-totp', { code: totpCode(secret, totpStep(Date.now())) });
  await post('pending-two-factor', '/sign-in/email', { email: OWNER.email, password: OWNER.password });
  await post('signed-out', '/request-password-reset', {
    email: INVITEE.email,
    redirectTo: '/reset-password',
  });
  const resetLink = present((await product.mailLinks(INVITEE.email))[0]);

  return {
    product,
    browser,
    contexts,
    ids: {
      owner: owner.id,
      user: user.id,
      keyHolder,
      organization: organization.id,
      invitation: invitation.id,
    },
    resetLink: resetLink.slice(product.url.length),
    webhooks: { organizationURL, serverURL },
    post,
    async close() {
      await browser.close();
      await product.stop();
      await receiver.close();
    },
  };
}

/** Starts the world before the file's tests and closes it after them; the getter reads it in a test. */
export function useSweepWorld(): () => SweepWorld {
  let world: SweepWorld | undefined;
  beforeAll(async () => {
    world = await startSweepWorld();
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });
  return () => {
    if (!world) throw new Error('the sweep world did not start');
    return world;
  };
}

/** Sweeps the screens as the world's people (support/screen-sweep.ts) and returns what is wrong. */
export function sweepWorld(world: SweepWorld, screens: Screen<Persona>[]): Promise<string[]> {
  return sweepScreens(screens, { url: world.product.url, browser: world.browser, contexts: world.contexts });
}
