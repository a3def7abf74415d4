import { useSession } from '@gatehouse/client/react';
import { useQuery } from '@tanstack/react-query';
import { generatePath, Link } from 'react-router';
import { authClient } from '../../../lib/auth-client.ts';
import { orgKeys } from '../api/org-keys.ts';
import { orgPaths } from '../paths.ts';

/**
 * Invitations waiting for the signed-in person, each a link to answer it. The server lists them
 * only for a verified email; anyone else simply sees nothing here (their email's link works).
 */
export function MyInvitations() {
  const { data: session } = useSession();
  const userId = session?.user.id ?? null;
  const query = useQuery({
    queryKey: orgKeys.myInvitations(userId),
    queryFn: ({ signal }) => authClient.organizationListUserInvitations(undefined, { signal }),
    enabled: userId !== null && session?.user.emailVerified === true,
    retry: false,
  });
  // Pending ones come back even when expired; those can no longer be accepted.
  const open = (query.data ?? []).filter((each) => new Date(each.expiresAt).getTime() > Date.now());
  if (open.length === 0) return null;
  return (
    <div className="mb-4 space-y-2">
      <h2 className="text-sm font-medium">Invitations waiting for you</h2>
      <ul className="space-y-1 text-sm">
        {open.map((invitation) => (
          <li key={invitation.id}>
            <Link
              className="underline"
              to={generatePath(orgPaths.acceptInvitation, { invitationId: invitation.id })}
            >
              Join {invitation.organizationName}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
