import { errorPage } from './error-page.ts';
import { ok } from './ok.ts';

/** The health check and the error page a failed browser flow lands on. */
export const coreEndpoints = [ok, errorPage] as const;
