import { useSession } from '@gatehouse/client/react';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { withElements } from '../../../i18n/with-elements.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { adminErrorMessage } from '../shared/admin-errors.ts';
import { impersonatorOf, reloadAt } from '../shared/impersonation.ts';

/**
 * A bar across the top of every page while an admin acts as someone else, with the way back.
 * Black on amber in both themes: it must not blend in with anything the app shows.
 */
export function ImpersonationBanner() {
  const { t } = useTranslation();
  const { data } = useSession();
  const stop = useMutation({
    mutationFn: () => authClient.adminStopImpersonating(),
    // A full load: the admin's own session comes back, and every cache must forget the user's.
    onSuccess: () => reloadAt(paths.adminUsers),
    onError: (error) => toast.error(adminErrorMessage(error, t)),
  });

  if (!data || !impersonatorOf(data.session)) return null;
  const { name, email } = data.user;
  const busy = stop.isPending || stop.isSuccess;

  return (
    <div
      role="status"
      data-slot="impersonation-banner"
      className="sticky top-0 z-30 border-b-4 border-black bg-amber-400 text-black"
    >
      <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2">
        <p className="text-sm font-medium">
          <span aria-hidden className="mr-1.5">
            ⚠
          </span>
          {name
            ? withElements(t('admin.banner.named'), {
                name: <strong className="font-bold">{name}</strong>,
                email: <span className="wrap-anywhere">{email}</span>,
              })
            : withElements(t('admin.banner.unnamed'), {
                email: <strong className="font-bold wrap-anywhere">{email}</strong>,
              })}
        </p>
        <button
          type="button"
          onClick={() => stop.mutate()}
          disabled={busy}
          aria-busy={busy || undefined}
          className="inline-flex min-h-9 shrink-0 items-center gap-2 rounded-md bg-black px-3 py-1.5 text-sm font-semibold text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-black disabled:opacity-70"
        >
          {busy && (
            <span
              aria-hidden
              className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
            />
          )}
          {t('admin.banner.stop')}
        </button>
      </div>
    </div>
  );
}
