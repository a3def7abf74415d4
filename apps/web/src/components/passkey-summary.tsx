import type { Passkey } from '@gatehouse/client';
import { useTranslation } from '../i18n/language.ts';
import { formatDate } from '../lib/format-time.ts';
import { Badge } from './ui/badge.tsx';

/**
 * One passkey as the Security page and the admin user page show it: its name, when it was added
 * and last used, and whether it is synced (backed up to a password manager or cloud keychain) or
 * stays on one device.
 */
export function PasskeySummary({ passkey }: { passkey: Passkey }) {
  const { t, language } = useTranslation();
  const synced = passkey.backedUp || passkey.deviceType === 'multiDevice';
  const day = (iso: string) => formatDate(new Date(iso), language);
  const dates = [
    passkey.createdAt ? t('passkey.created', { date: day(passkey.createdAt) }) : null,
    passkey.lastUsedAt ? t('passkey.lastUsed', { date: day(passkey.lastUsedAt) }) : t('passkey.neverUsed'),
  ].filter((each) => each !== null);
  return (
    <div className="min-w-0 flex-1 space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <p className="font-medium wrap-anywhere">{passkey.name || t('passkey.unnamed')}</p>
        <Badge tone={synced ? 'info' : 'neutral'}>
          {t(synced ? 'passkey.synced' : 'passkey.deviceBound')}
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground">{dates.join(' · ')}</p>
    </div>
  );
}
