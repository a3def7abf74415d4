import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser, signedInUser } from '../features/admin/test-kit.ts';
import {
  locationOf,
  type SocialServer,
  socialSignIn,
  startSocialServer,
} from '../features/social/social-test-kit.ts';
import { snapshotDatabase } from '../testing/database-snapshot.ts';
import { testDialects } from '../testing/test-database.ts';
import { errorOf, type TestClient } from '../testing/test-server.ts';
import type { SignUpPolicy } from './sign-up-policy.ts';

/**
 * The server's sign-up policy (options `signUp`) over HTTP, for password sign-up and for a new
 * user arriving from a real OpenID provider (`alice@example.test` there).
 */
const ALICE = 'alice@example.test';
const INVITE_SECONDS = 600;

async function startPolicyServer(dialect: 'sqlite' | 'postgres', policy: SignUpPolicy) {
  return startSocialServer(dialect, {
    signUp: policy,
    admin: { enabled: true },
    organization: { enabled: true, invitationExpiresIn: INVITE_SECONDS },
  });
}

/** An admin with a fresh session and an organization it owns, ready to invite. */
async function ownerOf(social: SocialServer) {
  const owner = await signedInUser(social.server, { role: 'admin', emailVerified: true });
  const created = await owner.client.post('/organization/create', {
    name: 'Acme',
    slug: `acme-${owner.id.toLowerCase()}`,
  });
  expect(created.status).toBe(200);
  const { id } = (await created.json()) as { id: string };
  const invite = async (email: string) => {
    const response = await owner.client.post('/organization/invite-member', {
      email,
      role: 'member',
      organizationId: id,
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { id: string }).id;
  };
  return { client: owner.client, invite };
}

const signUpBody = (email: string) => ({ name: 'New Person', email, password: 'correct horse battery' });

async function expectRefusedSignUp(social: SocialServer, email: string, code: string, status: number) {
  const before = await snapshotDatabase(social.server.database);
  const response = await social.server.client().post('/sign-up/email', signUpBody(email));
  const error = await errorOf(response);
  expect({ status: error.status, code: error.code }).toEqual({ status, code });
  expect(response.headers.get('set-cookie')).toBeNull();
  expect(await snapshotDatabase(social.server.database)).toBe(before);
}

async function expectRefusedSocial(social: SocialServer) {
  const before = await snapshotDatabase(social.server.database);
  const response = await socialSignIn(social.server.client(), 'alice', { errorCallbackURL: '/e' });
  expect(locationOf(response)).toBe('/e?error=signup_disabled');
  expect(await snapshotDatabase(social.server.database)).toBe(before);
}

describe.each(testDialects())('sign-up policy on %s', (dialect) => {
  describe('open (the default)', () => {
    let social: SocialServer;
    beforeAll(async () => {
      social = await startSocialServer(dialect);
    });
    afterAll(() => social.close());

    it('anyone signs up with a password or a provider', async () => {
      expect(social.server.auth.options.signUp).toBe('open');
      const { user } = await social.server.client().signUp('open-door@example.com');
      expect(user.email).toBe('open-door@example.com');
      const response = await socialSignIn(social.server.client(), 'alice');
      expect(locationOf(response)).toBe(social.server.url);
    });
  });

  describe('closed', () => {
    let social: SocialServer;
    beforeAll(async () => {
      social = await startPolicyServer(dialect, 'closed');
    });
    afterAll(() => social.close());

    it('password sign-up is refused with Better Auth’s disableSignUp answer, and nothing is written', async () => {
      await expectRefusedSignUp(social, 'closed-out@example.com', 'EMAIL_PASSWORD_SIGN_UP_DISABLED', 400);
      const response = await social.server.client().post('/sign-up/email', signUpBody('other@example.com'));
      expect(await errorOf(response)).toEqual({
        status: 400,
        code: 'EMAIL_PASSWORD_SIGN_UP_DISABLED',
        message: 'Email and password sign up is not enabled',
      });
    });

    it('the refusal comes before the password rules, as 1.7 checks disableSignUp first', async () => {
      const response = await social.server
        .client()
        .post('/sign-up/email', { name: 'N', email: 'short@example.com', password: 'x' });
      expect((await errorOf(response)).code).toBe('EMAIL_PASSWORD_SIGN_UP_DISABLED');
    });

    it('an invitation does not open a closed server', async () => {
      const owner = await ownerOf(social);
      await owner.invite('invited-closed@example.com');
      await expectRefusedSignUp(social, 'invited-closed@example.com', 'EMAIL_PASSWORD_SIGN_UP_DISABLED', 400);
    });

    it('a new user from a provider is refused with signup_disabled, and nothing is written', async () => {
      await expectRefusedSocial(social);
    });

    it('an existing user’s address gets the same refusal (no enumeration), and existing users still sign in', async () => {
      const existing = await seedUser(social.server);
      await expectRefusedSignUp(social, existing.email, 'EMAIL_PASSWORD_SIGN_UP_DISABLED', 400);
      const { user } = await social.server.client().signIn(existing.email);
      expect(user.id).toBe(existing.id);
    });

    it('an admin still creates accounts', async () => {
      const owner = await ownerOf(social);
      const response = await owner.client.post('/admin/create-user', {
        email: 'made-by-admin@example.com',
        name: 'Made',
        password: 'correct horse battery',
      });
      expect(response.status).toBe(200);
      const { user } = await social.server.client().signIn('made-by-admin@example.com');
      expect(user.email).toBe('made-by-admin@example.com');
    });
  });

  describe('invite-only', () => {
    let social: SocialServer;
    let owner: Awaited<ReturnType<typeof ownerOf>>;
    beforeAll(async () => {
      social = await startPolicyServer(dialect, 'invite-only');
      owner = await ownerOf(social);
    });
    afterAll(() => social.close());

    it('an address without an invitation is refused with SIGN_UP_INVITE_ONLY, and nothing is written', async () => {
      await expectRefusedSignUp(social, 'uninvited@example.com', 'SIGN_UP_INVITE_ONLY', 403);
      const response = await social.server.client().post('/sign-up/email', signUpBody('nobody@example.com'));
      expect(await errorOf(response)).toEqual({
        status: 403,
        code: 'SIGN_UP_INVITE_ONLY',
        message: 'Sign-up is by invitation only: ask an organization to invite this address',
      });
    });

    it('an invited address signs up with a password (any letter case) and can then accept', async () => {
      const invitationId = await owner.invite('welcome@example.com');
      const client: TestClient = social.server.client();
      const response = await client.post('/sign-up/email', signUpBody('Welcome@Example.com'));
      expect(response.status).toBe(200);
      const accepted = await client.post('/organization/accept-invitation', { invitationId });
      expect(accepted.status).toBe(200);
    });

    it('a new user from a provider is refused without an invitation and let in with one', async () => {
      await expectRefusedSocial(social);
      await owner.invite(ALICE);
      const response = await socialSignIn(social.server.client(), 'alice');
      expect(locationOf(response)).toBe(social.server.url);
      // Once the account exists, signing in is not signing up: the invitation is no longer needed.
      const again = await socialSignIn(social.server.client(), 'alice');
      expect(locationOf(again)).toBe(social.server.url);
    });

    it('id-token sign-in of a new user without an invitation: 401 OAUTH_LINK_ERROR "signup disabled"', async () => {
      const tokens = await social.provider.issueTokens('bob', { nonce: 'n-1' });
      const before = await snapshotDatabase(social.server.database);
      const response = await social.server
        .client()
        .post('/sign-in/social', { provider: 'oidc', idToken: { token: tokens.id_token, nonce: 'n-1' } });
      expect(await errorOf(response)).toEqual({
        status: 401,
        code: 'OAUTH_LINK_ERROR',
        message: 'signup disabled',
      });
      expect(await snapshotDatabase(social.server.database)).toBe(before);
    });

    it('a cancelled invitation no longer lets the address sign up', async () => {
      const invitationId = await owner.invite('cancelled@example.com');
      const cancelled = await owner.client.post('/organization/cancel-invitation', { invitationId });
      expect(cancelled.status).toBe(200);
      await expectRefusedSignUp(social, 'cancelled@example.com', 'SIGN_UP_INVITE_ONLY', 403);
    });

    it('an existing user without an invitation hears the same refusal, and still signs in', async () => {
      const existing = await seedUser(social.server);
      await expectRefusedSignUp(social, existing.email, 'SIGN_UP_INVITE_ONLY', 403);
      const { user } = await social.server.client().signIn(existing.email);
      expect(user.id).toBe(existing.id);
    });

    it('an admin still creates accounts for addresses nobody invited', async () => {
      const response = await owner.client.post('/admin/create-user', {
        email: 'admin-made@example.com',
        name: 'Made',
      });
      expect(response.status).toBe(200);
    });

    // Last: it moves the clock past the invitation's lifetime.
    it('an expired invitation no longer lets the address sign up', async () => {
      await owner.invite('late@example.com');
      social.server.clock.advance(INVITE_SECONDS + 1);
      await expectRefusedSignUp(social, 'late@example.com', 'SIGN_UP_INVITE_ONLY', 403);
    });
  });
});
