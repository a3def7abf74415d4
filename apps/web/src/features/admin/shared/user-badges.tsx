import type { AdminUser } from '@gatehouse/client';
import { Badge } from '../../../components/ui/badge.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { withElements } from '../../../i18n/with-elements.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { banStateOf } from './ban-state.ts';
import { roleLabel, rolesOf } from './roles.ts';

export function RoleBadges({ user }: { user: Pick<AdminUser, 'role'> }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1">
      {rolesOf(user).map((role) => (
        <Badge key={role} tone={role === 'admin' ? 'info' : 'neutral'}>
          {roleLabel(role, t)}
        </Badge>
      ))}
    </span>
  );
}

/** A ban in red: the badge's tones stop at warning, and a ban is more than that. */
function BannedBadge({ children }: { children: string }) {
  return (
    <span
      data-slot="badge"
      className="inline-flex items-center rounded-full border border-destructive/50 bg-destructive/10 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-destructive"
    >
      {children}
    </span>
  );
}

/** Verified or not, and banned with the reason and until when. */
export function StatusBadges({
  user,
  showBanDetails = true,
}: {
  user: Pick<AdminUser, 'emailVerified' | 'banned' | 'banReason' | 'banExpires'>;
  showBanDetails?: boolean;
}) {
  const { t } = useTranslation();
  const ban = banStateOf(user);
  return (
    <span className="flex flex-col gap-1">
      <span className="flex flex-wrap gap-1">
        {user.emailVerified ? (
          <Badge tone="success">{t('admin.badge.verified')}</Badge>
        ) : (
          <Badge tone="warning">{t('admin.badge.notVerified')}</Badge>
        )}
        {ban.kind === 'active' && <BannedBadge>{t('admin.badge.banned')}</BannedBadge>}
        {ban.kind === 'expired' && <Badge tone="neutral">{t('admin.badge.banEnded')}</Badge>}
      </span>
      {showBanDetails && ban.kind === 'active' && (
        <span className="text-xs text-muted-foreground">
          {ban.reason || t('admin.badge.noReason')} ·{' '}
          {ban.until
            ? withElements(t('admin.badge.until'), {
                date: <time dateTime={ban.until.toISOString()}>{formatDateTime(ban.until)}</time>,
              })
            : t('admin.badge.permanent')}
        </span>
      )}
    </span>
  );
}
