import type { AuthContext } from '../../context.ts';

/**
 * The origin a WebAuthn response may claim (docs/protocol/passkey.md#d11-origins-come-from-configuration):
 * the one its `clientDataJSON` names, when it is among the engine's trusted origins (the base URL's and
 * `trustedOrigins`, wildcards included), else null. 1.7 with `origin` unset expects whatever
 * the request's `Origin` header says, so a page on any site that gets a request through would
 * pass; here the request is never asked what to expect.
 *
 * The library then checks the response against exactly this origin (and the rest: challenge,
 * type, rpID, signature), so an unparseable `clientDataJSON` fails there, not here.
 */
export function claimedTrustedOrigin(auth: AuthContext, response: Record<string, unknown>): string | null {
  const inner = response.response;
  if (typeof inner !== 'object' || inner === null) return null;
  const clientDataJSON = (inner as Record<string, unknown>).clientDataJSON;
  if (typeof clientDataJSON !== 'string') return null;
  try {
    const clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as unknown;
    const origin = (clientData as { origin?: unknown } | null)?.origin;
    // Only a bare origin: the matcher judges a URL by its origin, the library compares strings.
    if (typeof origin !== 'string' || new URL(origin).origin !== origin) return null;
    return auth.origins.isTrustedOrigin(origin) ? origin : null;
  } catch {
    return null;
  }
}
