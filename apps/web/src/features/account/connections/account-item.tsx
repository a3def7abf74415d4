import type { Account } from '@gatehouse/client';
import { useId } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { formatDate } from '../../../lib/format-time.ts';
import { RemoveAccountDialog } from './remove-account-dialog.tsx';

interface AccountItemProps {
  account: Account;
  name: string;
  /** The only account left: removing it would lock the person out, so the server refuses. */
  isLast: boolean;
  /** Another provider could be connected: the guard then says how to lift it. */
  canConnectMore: boolean;
  isRemoving: boolean;
  onRemove: () => void;
}

/**
 * One way to sign in. Remove asks first. When it is the last one the Remove button is disabled,
 * and the reason is shown beside it (and tied to it for screen readers) before anyone tries.
 */
export function AccountItem({
  account,
  name,
  isLast,
  canConnectMore,
  isRemoving,
  onRemove,
}: AccountItemProps) {
  const { t, language } = useTranslation();
  const reasonId = useId();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-medium">{name}</p>
        <p className="text-sm text-muted-foreground">
          {t('social.connections.added', { date: formatDate(new Date(account.createdAt), language) })}
        </p>
        {isLast && (
          <p id={reasonId} className="text-sm text-muted-foreground">
            {t('social.connections.onlyWay')}
            {canConnectMore && ` ${t('social.connections.connectFirst')}`}
          </p>
        )}
      </div>
      {isLast ? (
        <Button
          variant="secondary"
          aria-label={t('social.connections.removeLabel', { name })}
          aria-describedby={reasonId}
          disabled
        >
          {t('social.connections.remove')}
        </Button>
      ) : (
        <RemoveAccountDialog
          name={name}
          isCredential={account.providerId === 'credential'}
          isRemoving={isRemoving}
          onConfirm={onRemove}
        />
      )}
    </li>
  );
}
