/**
 * Why resolving a provider's user failed (docs/protocol/social.md#user-resolution). The JSON route answers
 * the text as `OAUTH_LINK_ERROR`; the callback redirects with it, spaces turned into underscores.
 */
export type FlowReason =
  | 'account not linked'
  | 'signup disabled'
  | 'unable to link account'
  | 'unable to create user'
  | 'unable to update account'
  | 'unable to create session'
  | 'internal_server_error';

export class SocialFlowError extends Error {
  override name = 'SocialFlowError';
  constructor(readonly reason: FlowReason) {
    super(reason);
  }
}

/** The callback's `?error=` form of a reason. */
export const reasonCode = (reason: FlowReason): string => reason.replace(/ /g, '_');
