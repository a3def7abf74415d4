import type { AuthContext } from '../../context.ts';
import type { RequestContext } from '../../http/request-context.ts';
import type { StatePayload } from './oauth-state.ts';

/**
 * Records a refusal of the OAuth callback (features/audit/README.md) with the `?error=` code the
 * browser was sent away with. A sign-in flow's refusal is `user.sign_in_failed` (method social),
 * aimed at the account it was about once known (`request.outcome.about`); a link flow's is a failed
 * `account.linked` of the user who started it. The provider is named only when it is configured:
 * the path segment is the caller's text.
 */
export async function recordCallbackRefusal(
  auth: AuthContext,
  request: RequestContext,
  providerId: string | undefined,
  state: StatePayload | undefined,
  code: string,
): Promise<void> {
  const provider = providerId && auth.providers.has(providerId) ? providerId : null;
  const link = state?.link;
  await auth.audit.record(request, {
    ...(link
      ? {
          type: 'account.linked',
          actor: { type: 'user', id: link.userId },
          target: { type: 'user', id: link.userId },
          metadata: { provider },
        }
      : {
          type: 'user.sign_in_failed',
          target: request.outcome.subject,
          metadata: { method: 'social', provider },
        }),
    outcome: 'failure',
    errorCode: code,
  });
}
