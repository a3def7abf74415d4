import type { AdminUser } from '@gatehouse/client';
import { Avatar } from '../../../components/ui/avatar.tsx';
import type { MessageKey } from '../../../i18n/en.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { withElements } from '../../../i18n/with-elements.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { banStateOf } from '../shared/ban-state.ts';
import { isAdminRole } from '../shared/roles.ts';
import { RoleBadges, StatusBadges } from '../shared/user-badges.tsx';
import { ImpersonateDialog } from './impersonate-dialog.tsx';

/** Why impersonating is not offered, when it is not (docs/protocol/admin.md#impersonate-user). */
function impersonationBlocker(user: AdminUser, isSelf: boolean): MessageKey | null {
  if (isSelf) return 'admin.user.self';
  if (isAdminRole(user)) return 'admin.user.adminNoImpersonation';
  if (banStateOf(user).kind === 'active') return 'admin.user.bannedNoImpersonation';
  return null;
}

/** The admin user page's heading: who, their username, roles and state, and impersonation. */
export function UserHeader({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const { t } = useTranslation();
  const blocker = impersonationBlocker(user, isSelf);
  const username = shownUsername(user);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <Avatar src={user.image} name={user.name || user.email} className="size-16 text-xl" />
      <div className="min-w-0 flex-1 space-y-2">
        <div>
          <p className="text-sm font-medium text-muted-foreground">
            {t(isSelf ? 'admin.user.kickerSelf' : 'admin.user.kicker')}
          </p>
          <h1 className="text-2xl font-semibold wrap-anywhere">{user.name || user.email}</h1>
          {user.name && <p className="wrap-anywhere text-muted-foreground">{user.email}</p>}
          {username && (
            <p className="wrap-anywhere text-muted-foreground">{t('username.ofUser', { username })}</p>
          )}
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <RoleBadges user={user} />
          <StatusBadges user={user} showBanDetails={false} />
        </div>
        <p className="text-xs text-muted-foreground">
          {withElements(t('admin.user.createdUpdated'), {
            created: <time dateTime={user.createdAt}>{formatDateTime(new Date(user.createdAt))}</time>,
            updated: <time dateTime={user.updatedAt}>{formatDateTime(new Date(user.updatedAt))}</time>,
          })}
        </p>
      </div>
      <div className="space-y-1 sm:max-w-48 sm:text-right">
        <ImpersonateDialog user={user} disabled={blocker !== null} />
        {blocker && <p className="text-xs text-muted-foreground">{t(blocker)}</p>}
      </div>
    </div>
  );
}

/** The username as its holder typed it, else as stored; none while usernames are off or unset. */
function shownUsername(user: AdminUser): string | null {
  const shown = user.displayUsername || user.username;
  return typeof shown === 'string' && shown !== '' ? shown : null;
}
