import { type EndpointSpec, endpoints } from '@gatehouse/client';
import { describe, expect, it } from 'vitest';
import { RESUMED_FORMS } from './pending-reauth.ts';

/**
 * The interceptors (reauthentication.ts, organization-policy.ts) act on what the client's endpoint
 * table declares; they used to match method names. These pin the declarations to what the names
 * matched, so moving from one to the other changed nothing.
 */
const table = Object.entries<EndpointSpec<unknown, unknown>>(endpoints);
const declared = (pick: (spec: EndpointSpec<unknown, unknown>) => unknown) =>
  table.filter(([, spec]) => pick(spec)).map(([name]) => name);

/** The calls the re-authentication retry skipped by name: proving who one is. */
const NEVER_ASKED = [
  'signInEmail',
  'signInSocial',
  'signOut',
  'getSession',
  'passkeyGenerateAuthenticateOptions',
  'passkeyVerifyAuthentication',
  'passkeyReauthenticate',
];

describe('the endpoint table’s declarations', () => {
  it('organization-scoped: exactly the calls named organization…, which the policy watch matched', () => {
    const byName = table.map(([name]) => name).filter((name) => name.startsWith('organization'));
    expect(declared((spec) => spec.organizationScoped).sort()).toEqual(byName.sort());
  });

  it('sensitive: the account area’s confirm-it’s-you actions, with the codes that mean stale', () => {
    expect(
      Object.fromEntries(
        declared((spec) => spec.sensitive).map((name) => [
          name,
          endpoints[name as keyof typeof endpoints].sensitive,
        ]),
      ),
    ).toEqual({
      // Signing devices out (Account → Sessions).
      revokeSession: ['SESSION_NOT_FRESH'],
      revokeSessions: ['SESSION_NOT_FRESH'],
      revokeOtherSessions: ['SESSION_NOT_FRESH'],
      // Profile and Security.
      changePassword: ['SESSION_NOT_FRESH'],
      changeEmail: ['SESSION_NOT_FRESH'],
      // Delete-user without a password says SESSION_EXPIRED for the same thing.
      deleteUser: ['SESSION_NOT_FRESH', 'SESSION_EXPIRED'],
      unlinkAccount: ['SESSION_NOT_FRESH'],
      twoFactorEnable: ['SESSION_NOT_FRESH'],
      twoFactorDisable: ['SESSION_NOT_FRESH'],
      twoFactorGetTotpUri: ['SESSION_NOT_FRESH'],
      twoFactorSendOtp: ['SESSION_NOT_FRESH'],
      twoFactorVerifyOtp: ['SESSION_NOT_FRESH'],
      twoFactorGenerateBackupCodes: ['SESSION_NOT_FRESH'],
      passkeyGenerateRegisterOptions: ['SESSION_NOT_FRESH'],
      passkeyVerifyRegistration: ['SESSION_NOT_FRESH'],
    });
  });

  it('sensitive: none of the calls the retry never asked about, and every call a provider’s way back takes up', () => {
    const sensitive = declared((spec) => spec.sensitive);
    expect(sensitive.filter((name) => NEVER_ASKED.includes(name))).toEqual([]);
    const resumed = Object.values(RESUMED_FORMS).flat();
    expect(resumed.filter((name) => !sensitive.includes(name))).toEqual([]);
  });
});
