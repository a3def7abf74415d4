import { generatePath, Link } from 'react-router';
import { useTranslation } from '../../../i18n/language.ts';
import { useMyInvitations } from '../api/use-my-invitations.ts';
import { orgPaths } from '../paths.ts';

/** Invitations waiting for the signed-in person, each a link to answer it. */
export function MyInvitations() {
  const { t } = useTranslation();
  const open = useMyInvitations();
  if (open.length === 0) return null;
  return (
    <div className="mb-4 space-y-2">
      <h2 className="text-sm font-medium">{t('org.personal.invitations')}</h2>
      <ul className="space-y-1 text-sm">
        {open.map((invitation) => (
          <li key={invitation.id}>
            <Link
              className="underline"
              to={generatePath(orgPaths.acceptInvitation, { invitationId: invitation.id })}
            >
              {t('org.join', { name: invitation.organizationName })}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
