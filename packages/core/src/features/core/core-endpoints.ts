import type { ApiFeature } from '../../http/endpoint.ts';
import { errorPage } from './error-page.ts';
import { ok } from './ok.ts';
import { openApiJson } from './openapi-json.ts';

/** The health check, the error page a failed browser flow lands on, and the API description. */
export const coreEndpoints = [ok, errorPage, openApiJson] as const;

/** The OpenAPI tag of this feature's routes, and the `/docs/api` page's group. */
export const coreFeature: ApiFeature = {
  name: 'Service',
  description: 'The engine itself: a health check, the page failed browser flows land on, and this document.',
};
