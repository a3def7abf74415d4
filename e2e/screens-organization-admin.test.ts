import { describe, expect, it } from 'vitest';
import type { Screen } from './support/screen-sweep.ts';
import { type Persona, sweepWorld, useSweepWorld } from './support/sweep-world.ts';

/**
 * The organization pages as someone without one, their owner and a plain member, the admin
 * console (and a user kept out of it), and the app while an admin impersonates someone, checked
 * as e2e/screens.test.ts checks every page.
 */
describe('organization and admin pages, at both widths and in every theme', () => {
  const sweepWorldOf = useSweepWorld();

  it('has no sideways scroll, one h1, and no serious or critical axe violation', async () => {
    const world = sweepWorldOf();
    const { ids } = world;
    // The owner sees the organization's key and webhook endpoint (support/sweep-world.ts), the
    // member that they may not.
    const organizationPages = [
      'members',
      'invitations',
      'teams',
      'roles',
      'activity',
      'api-keys',
      'webhooks',
      'settings',
    ];
    const screens: Screen<Persona>[] = [
      { persona: 'user', name: 'personal-space', path: '/organization' },
      { persona: 'user', name: 'create-organization', path: '/organization/new' },
      { persona: 'user', name: 'invitation', path: `/accept-invitation/${ids.invitation}` },
      { persona: 'user', name: 'admin-no-access', path: '/admin/users' },
      { persona: 'owner', name: 'security-two-factor-on', path: '/account/security' },
      ...organizationPages.map((name) => ({
        persona: 'owner' as const,
        name,
        path: `/organization/${name}`,
      })),
      ...organizationPages.map((name) => ({
        persona: 'member' as const,
        name,
        path: `/organization/${name}`,
      })),
      { persona: 'admin', name: 'users', path: '/admin/users' },
      { persona: 'admin', name: 'user', path: `/admin/users/${ids.owner}` },
      // Kim Keys holds personal keys: the page's API keys card lists them.
      { persona: 'admin', name: 'user-with-keys', path: `/admin/users/${ids.keyHolder}` },
      { persona: 'admin', name: 'audit', path: '/admin/audit' },
      // The server-wide endpoint with its delivered test message.
      { persona: 'admin', name: 'webhooks', path: '/admin/webhooks' },
      // Someone else's invitation: it is for the address it was sent to.
      { persona: 'admin', name: 'invitation-for-someone-else', path: `/accept-invitation/${ids.invitation}` },
      { persona: 'impersonating', name: 'profile', path: '/account' },
    ];
    expect(await sweepWorld(world, screens)).toEqual([]);
  }, 600_000);
});
