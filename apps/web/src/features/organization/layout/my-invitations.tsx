import { generatePath, Link } from 'react-router';
import { useMyInvitations } from '../api/use-my-invitations.ts';
import { orgPaths } from '../paths.ts';

/** Invitations waiting for the signed-in person, each a link to answer it. */
export function MyInvitations() {
  const open = useMyInvitations();
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
