import type { AuthContext } from '../../context.ts';
import { logFailedSend, sendMail } from '../../email/deliver.ts';
import { webhookFailingEmail } from '../../email/webhook-failing-template.ts';
import { findUserById } from '../../user/user.repository.ts';
import { urlHost } from './url-host.ts';
import type { EndpointRow } from './webhook.repository.ts';

/** The last attempt's outcome, as its attempt row keeps it. */
export interface LastAttempt {
  responseStatus: number | null;
  error: string | null;
}

type Recipient = { email: string; name: string };

/**
 * Who hears that an endpoint turned failing (features/webhooks/README.md, W2 and W9): a
 * server-wide endpoint's creator, an organization endpoint's owners (through `ports.membership`,
 * so this feature imports nothing of the organization feature's).
 */
async function recipientsOf(
  auth: AuthContext,
  endpoint: EndpointRow,
): Promise<{ organization: string | null; to: Recipient[] }> {
  if (endpoint.organizationId === null) {
    const user = endpoint.createdBy ? await findUserById(auth.db, endpoint.createdBy) : undefined;
    const to = user ? [{ email: String(user.email), name: String(user.name ?? '') }] : [];
    return { organization: null, to };
  }
  const found = await auth.ports.membership?.ownersOf(auth, endpoint.organizationId);
  return { organization: found?.name ?? null, to: found?.owners ?? [] };
}

/**
 * Emails the notice once per flip (endpoint-health.ts records the event in the one conditional
 * update that wins), in English: the worker answers no request whose language it could take. The
 * send is not awaited by the attempt, and a failure is logged, never thrown.
 */
export async function noticeEndpointFailing(
  auth: AuthContext,
  endpoint: EndpointRow,
  last: LastAttempt,
): Promise<void> {
  if (!auth.options.mailer) return;
  const { organization, to } = await recipientsOf(auth, endpoint);
  if (endpoint.organizationId !== null && organization === null) return;
  const screens = auth.options.webhooks?.screens;
  const screen =
    endpoint.organizationId === null
      ? (screens?.admin ?? `${auth.options.origin}/admin/webhooks`)
      : (screens?.organization ?? `${auth.options.origin}/organization/webhooks`);
  for (const person of to) {
    const message = webhookFailingEmail({
      to: person.email,
      name: person.name,
      host: urlHost(endpoint.url),
      organization,
      responseStatus: last.responseStatus,
      error: last.error,
      url: screen,
      language: 'en',
    });
    void sendMail(auth, message, { sender: null, log: {} }).catch(
      logFailedSend(auth, 'Could not send the webhook-failing notice', {}),
    );
  }
}
