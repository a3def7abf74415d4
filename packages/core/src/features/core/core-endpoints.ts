import { errorPage } from './error-page.ts';
import { ok } from './ok.ts';
import { openApiJson } from './openapi-json.ts';

/** The health check, the error page a failed browser flow lands on, and the API description. */
export const coreEndpoints = [ok, errorPage, openApiJson] as const;
