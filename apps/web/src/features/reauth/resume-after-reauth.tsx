import { useSession } from '@gatehouse/client/react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useTranslation } from '../../i18n/language.ts';
import { authClient } from '../../lib/auth-client.ts';
import { errorMessage } from '../../lib/error-messages.ts';
import {
  type PendingAction,
  publishResumed,
  RETURN_MARK,
  resumptionOf,
  takePending,
} from '../../lib/pending-reauth.ts';

type Call = (...args: unknown[]) => Promise<unknown>;

/** Ends the session the provider's sign-in replaced, as confirming with the password does. */
async function endReplacedSession(id: string | undefined, current: string | undefined): Promise<void> {
  if (!id || id === current) return;
  const replaced = (await authClient.listSessions()).find((session) => session.id === id);
  if (replaced) await authClient.revokeSession({ token: replaced.token });
}

/**
 * Resolves once no query is loading. The page's first requests carry the session the call may
 * replace, and one arriving after the replacement would sign the person out.
 */
function whenQueriesIdle(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    let stop = () => {};
    const check = () => {
      if (queryClient.isFetching() > 0) return;
      stop();
      resolve();
    };
    stop = queryClient.getQueryCache().subscribe(check);
    check();
  });
}

/**
 * Back from confirming it is you with a provider (`?reauthenticated=1`): takes up the call the
 * server refused (lib/pending-reauth.ts). Mounted once, in the layout.
 */
export function ResumeAfterReauth() {
  const { data: session, refetch } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const userId = session?.user.id;
  const sessionId = session?.session.id;
  const returned = new URLSearchParams(location.search).has(RETURN_MARK);

  useEffect(() => {
    if (!returned || !userId) return;
    const params = new URLSearchParams(location.search);
    params.delete(RETURN_MARK);
    const query = params.toString();
    // The mark goes at once: reloading the page must not take the call up a second time.
    navigate(`${location.pathname}${query ? `?${query}` : ''}${location.hash}`, { replace: true });
    const action = takePending(userId, location.pathname);
    if (!action) return;
    // One after the other: the call may replace this session (turning two-factor off does), and
    // a request still carrying the replaced one would sign the person out.
    void endReplacedSession(action.replacedSessionId, sessionId)
      .catch(() => {})
      .then(() => resume(action));
  });

  async function resume(action: PendingAction) {
    const kind = resumptionOf(action);
    if (kind === 'reopen') return publishResumed(action);
    if (kind === 'notice') return void toast.success(t('reauth.tryAgain'));
    try {
      // Ending the replaced session makes the session store fetch the session again; that
      // request, answered after the call replaced the session, would sign the person out.
      await refetch();
      await whenQueriesIdle(queryClient);
      const call = (authClient as unknown as Record<string, Call>)[action.method];
      await call?.(...(action.args ?? []));
      toast.success(t('reauth.done'));
    } catch (error) {
      toast.error(errorMessage(error, t));
    }
    await refetch();
    await queryClient.invalidateQueries();
  }

  return null;
}
