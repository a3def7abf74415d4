import { type EndpointSpec, endpoints, GatehouseError } from '@gatehouse/client';

/**
 * The server's answer to a member without two-factor when the organization requires it
 * (docs/api.md#two-factor-policy).
 */
export const TWO_FACTOR_REQUIRED_BY_ORGANIZATION = 'TWO_FACTOR_REQUIRED_BY_ORGANIZATION';

/** Sends the person to set up two-factor; the organization is named when the call named it. */
export type PolicyHandler = (organizationId: string | null) => void;

let handler: PolicyHandler | null = null;

/** The app's frame registers where to send the person while it is mounted. */
export function setTwoFactorPolicyHandler(next: PolicyHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** The organization id a call was about, when its input names one. */
function organizationIdOf(input: unknown): string | null {
  if (typeof input !== 'object' || input === null || !('organizationId' in input)) return null;
  const { organizationId } = input as { organizationId: unknown };
  return typeof organizationId === 'string' ? organizationId : null;
}

/**
 * The client with every organization-scoped call (`organizationScoped` in
 * packages/client/src/endpoints.ts) watched: when the server answers that the organization
 * requires two-factor, the handler sends the person to set it up (the call still fails, so the
 * screen that made it stops).
 */
export function withOrganizationPolicy<Client extends object>(client: Client): Client {
  const wrapped: Record<string, unknown> = { ...(client as Record<string, unknown>) };
  for (const [method, spec] of Object.entries<EndpointSpec<unknown, unknown>>(endpoints)) {
    const value = (client as Record<string, unknown>)[method];
    if (typeof value !== 'function' || !spec.organizationScoped) continue;
    const call = value as (...args: unknown[]) => Promise<unknown>;
    wrapped[method] = async (...args: unknown[]) => {
      try {
        return await call(...args);
      } catch (error) {
        if (error instanceof GatehouseError && error.code === TWO_FACTOR_REQUIRED_BY_ORGANIZATION) {
          handler?.(organizationIdOf(args[0]));
        }
        throw error;
      }
    };
  }
  return wrapped as Client;
}
