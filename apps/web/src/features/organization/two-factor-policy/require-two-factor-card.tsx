import { GatehouseError } from '@gatehouse/client';
import { useSession } from '@gatehouse/client/react';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useOrgChanged } from '../api/use-org-changed.ts';
import { useOrgContext } from '../layout/org-context.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

/**
 * The organization's two-factor policy, for those who may update the organization. Turning it on
 * needs two-factor on one's own account (the server answers TWO_FACTOR_NOT_ENABLED otherwise), so
 * nobody locks everyone out, themselves included; the card says so before anyone tries.
 */
export function RequireTwoFactorCard() {
  const { t } = useTranslation();
  const labelId = useId();
  const { organization } = useOrgContext();
  const { data: session } = useSession();
  const orgChanged = useOrgChanged();
  const required = organization.requireTwoFactor === true;
  const haveIt = session?.user.twoFactorEnabled === true;
  const update = useMutation({
    mutationFn: (requireTwoFactor: boolean) =>
      authClient.organizationUpdate({ organizationId: organization.id, data: { requireTwoFactor } }),
    onSuccess: async (_answer, requireTwoFactor) => {
      toast.success(t(requireTwoFactor ? 'orgtf.turnedOn' : 'orgtf.turnedOff'));
      await orgChanged();
    },
  });
  const notEnabled = update.error instanceof GatehouseError && update.error.code === 'TWO_FACTOR_NOT_ENABLED';
  // Turning it off is always allowed; turning it on only with two-factor of one's own.
  const blocked = !required && !haveIt;

  return (
    <Card aria-labelledby="org-two-factor-title">
      <CardHeader>
        <CardTitle id="org-two-factor-title">{t('orgtf.title')}</CardTitle>
        <CardDescription>{t('orgtf.explain')}</CardDescription>
      </CardHeader>
      <div className="flex items-center justify-between gap-4">
        <span id={labelId} className="text-sm font-medium">
          {t('orgtf.label')}
        </span>
        <button
          type="button"
          role="switch"
          aria-checked={required}
          aria-labelledby={labelId}
          disabled={blocked || update.isPending}
          onClick={() => update.mutate(!required)}
          className={cn(
            'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60',
            required ? 'bg-primary' : 'bg-muted-foreground/40',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-block size-5 rounded-full bg-background shadow transition',
              required ? 'translate-x-5' : 'translate-x-0',
            )}
          />
        </button>
      </div>
      {(blocked || notEnabled) && (
        <p className="mt-3 text-sm text-muted-foreground">
          {t('orgtf.youFirst')}{' '}
          <Link
            to={paths.accountSecurity}
            className="font-medium text-foreground underline underline-offset-4"
          >
            {t('orgtf.setUp')}
          </Link>
        </p>
      )}
      {update.isError && !notEnabled && (
        <Alert tone="error" className="mt-3">
          {orgErrorMessage(update.error, t)}
        </Alert>
      )}
    </Card>
  );
}
