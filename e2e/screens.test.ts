import { describe, expect, it } from 'vitest';
import type { Screen } from './support/screen-sweep.ts';
import { type Persona, sweepWorld, useSweepWorld } from './support/sweep-world.ts';

/**
 * Every page a signed-out person sees, and the account area, at a desktop and a phone width, in
 * light, dark and the operating system's dark: nothing scrolls sideways (at 360 px either), one
 * h1 names the page, and axe-core finds no serious or critical violation. Screenshots land in
 * e2e/screenshots/screens. The organization and admin pages are swept in
 * screens-organization-admin.test.ts, dialogs and toasts in screens-dialogs.test.ts, so that
 * Vitest's workers run them side by side.
 */
describe('every page signed out and of the account area, at both widths and in every theme', () => {
  const sweepWorldOf = useSweepWorld();

  it('has no sideways scroll, one h1, and no serious or critical axe violation', async () => {
    const world = sweepWorldOf();
    const { ids } = world;
    const screens: Screen<Persona>[] = [
      // The longest page first, so that the other lanes share out the rest meanwhile.
      { persona: 'user', name: 'api-docs', path: '/docs/api' },
      { persona: 'signed-out', name: 'home', path: '/' },
      { persona: 'signed-out', name: 'sign-in', path: '/sign-in' },
      { persona: 'signed-out', name: 'sign-up', path: '/sign-up' },
      { persona: 'signed-out', name: 'forgot-password', path: '/forgot-password' },
      { persona: 'signed-out', name: 'sign-in-by-email', path: '/sign-in/by-email' },
      {
        persona: 'signed-out',
        name: 'sign-in-by-email-failed',
        path: '/sign-in/by-email?error=INVALID_TOKEN',
      },
      { persona: 'signed-out', name: 'reset-password-invalid', path: '/reset-password' },
      { persona: 'signed-out', name: 'reset-password', path: world.resetLink },
      { persona: 'signed-out', name: 'verify-email', path: '/verify-email' },
      { persona: 'signed-out', name: 'verify-email-success', path: '/verify-email?verified=1' },
      { persona: 'signed-out', name: 'verify-email-failure', path: '/verify-email?token=not-a-real-token' },
      { persona: 'signed-out', name: 'invitation', path: `/accept-invitation/${ids.invitation}` },
      {
        persona: 'signed-out',
        name: 'invitation-unavailable',
        path: '/accept-invitation/no-such-invitation',
      },
      { persona: 'signed-out', name: 'social-error', path: '/social-error?error=access_denied' },
      { persona: 'signed-out', name: 'not-found', path: '/no-such-page' },
      { persona: 'signed-out', name: 'dev-mail', path: '/dev/mail' },
      { persona: 'signed-out', name: 'sign-in-two-factor', path: '/sign-in/two-factor' },
      { persona: 'pending-two-factor', name: 'sign-in-two-factor', path: '/sign-in/two-factor' },
      { persona: 'user', name: 'profile', path: '/account' },
      { persona: 'user', name: 'security', path: '/account/security' },
      {
        persona: 'user',
        name: 'security-required-by-organization',
        path: `/account/security?requiredBy=${ids.organization}&back=%2Forganization%2Fmembers`,
      },
      { persona: 'user', name: 'sessions', path: '/account/sessions' },
      { persona: 'user', name: 'activity', path: '/account/activity' },
      { persona: 'user', name: 'connections', path: '/account/connections' },
      { persona: 'user', name: 'delete-account', path: '/account/delete' },
      { persona: 'user', name: 'api-keys-none', path: '/account/api-keys' },
      { persona: 'key-holder', name: 'api-keys', path: '/account/api-keys' },
    ];
    expect(await sweepWorld(world, screens)).toEqual([]);
  }, 600_000);
});
