import type { AdminUser } from '@gatehouse/client';
import { Badge } from '../../../components/ui/badge.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { banStateOf } from './ban-state.ts';
import { roleLabel, rolesOf } from './roles.ts';

export function RoleBadges({ user }: { user: Pick<AdminUser, 'role'> }) {
  return (
    <span className="flex flex-wrap gap-1">
      {rolesOf(user).map((role) => (
        <Badge key={role} tone={role === 'admin' ? 'info' : 'neutral'}>
          {roleLabel(role)}
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
  const ban = banStateOf(user);
  return (
    <span className="flex flex-col gap-1">
      <span className="flex flex-wrap gap-1">
        {user.emailVerified ? (
          <Badge tone="success">Verified</Badge>
        ) : (
          <Badge tone="warning">Not verified</Badge>
        )}
        {ban.kind === 'active' && <BannedBadge>Banned</BannedBadge>}
        {ban.kind === 'expired' && <Badge tone="neutral">Ban ended</Badge>}
      </span>
      {showBanDetails && ban.kind === 'active' && (
        <span className="text-xs text-muted-foreground">
          {ban.reason || 'No reason'} ·{' '}
          {ban.until ? (
            <>
              until <time dateTime={ban.until.toISOString()}>{formatDateTime(ban.until)}</time>
            </>
          ) : (
            'permanent'
          )}
        </span>
      )}
    </span>
  );
}
