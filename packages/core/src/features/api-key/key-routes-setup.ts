import type { ResolvedApiKey } from './api-key-options.ts';
import type { ExpirySweep } from './expiry-sweep.ts';

/** What every route of the feature is built with, once per engine. */
export interface KeyRoutesSetup {
  config: ResolvedApiKey;
  /** Whether the organization configuration exists (organizations on, K8). */
  organizations: boolean;
  /** Whether the admin feature is on: its key routes are mounted only then (K14). */
  admin: boolean;
  sweep: ExpirySweep;
}
