import type { ErrorCode } from '../../errors.ts';
import type { ResolvedWebhooks } from './webhooks-options.ts';

/** What every webhook route is built with: the settings and what they imply. */
export interface WebhookRoutesSetup {
  config: ResolvedWebhooks;
  /** Whether the organization feature is on, so organization endpoints and its refusals exist. */
  organizations: boolean;
  /** Throws the URL's refusal at create and update (docs/protocol/webhooks.md#8-targets-ssrf-guard). */
  checkUrl(raw: string): void;
  /** The codes `checkUrl` answers, for the routes' `errors`. */
  urlRefusals: ErrorCode[];
  /** Starts the worker's next tick at once, for a message just made. */
  wake(): void;
  /** A message's `webhook-id`. */
  newWebhookId(): string;
}
