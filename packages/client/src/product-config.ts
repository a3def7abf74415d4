import { GatehouseError, NETWORK_ERROR } from './errors.ts';

/** A social provider the server has credentials for: `id` goes to sign-in/social, `name` is shown. */
export interface SocialProvider {
  id: string;
  name: string;
}

/** Who may create an account on this server (`SIGN_UP`). */
export type SignUpPolicy = 'open' | 'invite-only' | 'closed';

/** The product's public settings the screens depend on (`GET /api/config`). */
export interface ProductConfig {
  socialProviders: SocialProvider[];
  /** Absent from an older server: treated as `open`, which the server enforces anyway. */
  signUp: SignUpPolicy;
  /** The shortest password the server accepts for a new one. */
  passwordMinLength: number;
  /** Whether the server offers passkeys (PASSKEYS); false when an older server does not say. */
  passkeys: boolean;
  /**
   * Whether the server offers API keys (API_KEYS; docs/protocol/api-key-client.md#configurations);
   * false when an older server does not say.
   */
  apiKeys: boolean;
  /**
   * Whether the server offers webhooks (WEBHOOKS; docs/protocol/webhooks.md#1-settings); false when
   * an older server does not say.
   */
  webhooks: boolean;
  /**
   * Whether the server signs in by emailed link (MAGIC_LINK) and by emailed code (EMAIL_OTP;
   * docs/protocol/passwordless.md); false when an older server does not say.
   */
  magicLink: boolean;
  emailOtp: boolean;
  /**
   * Whether usernames are on (USERNAME; docs/protocol/passwordless.md#3-usernames): the username
   * fields and sign-in by username; false when an older server does not say.
   */
  usernames: boolean;
  /**
   * Whether one browser may hold several accounts (MULTI_SESSION;
   * docs/protocol/passwordless.md#4-several-people-in-one-browser-multisession); false when an older
   * server does not say.
   */
  multiSession: boolean;
  /**
   * How self-service deletion is confirmed (ACCOUNT_DELETION): at once, by an emailed link, or
   * not offered; `immediate` when an older server does not say.
   */
  accountDeletion: AccountDeletionMode;
}

export type AccountDeletionMode = 'immediate' | 'email' | 'off';
const ACCOUNT_DELETION_MODES: readonly AccountDeletionMode[] = ['immediate', 'email', 'off'];

const SIGN_UP_POLICIES: readonly SignUpPolicy[] = ['open', 'invite-only', 'closed'];
const DEFAULT_PASSWORD_MIN_LENGTH = 8;

export interface ProductConfigOptions {
  /** Origin of the server; default: the page's own origin (''). */
  baseURL?: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * Reads the product's public configuration. It lives beside the auth API (`/api/config`, not
 * under `/api/auth`), because it belongs to the product server rather than to the protocol.
 * Entries that are not `{ id, name }` strings are dropped, so one bad entry hides one button
 * instead of breaking the page.
 *
 * @example
 * const { socialProviders } = await fetchProductConfig();
 */
export async function fetchProductConfig(options: ProductConfigOptions = {}): Promise<ProductConfig> {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  let response: Response;
  try {
    response = await doFetch(`${options.baseURL ?? ''}/api/config`, {
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new GatehouseError(0, NETWORK_ERROR, 'The server could not be reached. Check your connection.');
  }
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const body = (isObject(data) ? data : {}) as { code?: unknown; message?: unknown };
    throw new GatehouseError(
      response.status,
      typeof body.code === 'string' ? body.code : `HTTP_${response.status}`,
      typeof body.message === 'string' ? body.message : response.statusText,
    );
  }
  const settings = isObject(data) ? data : {};
  const providers = Array.isArray(settings.socialProviders) ? settings.socialProviders : [];
  const minLength = settings.passwordMinLength;
  return {
    socialProviders: providers.filter(isProvider).map(({ id, name }) => ({ id, name })),
    signUp: SIGN_UP_POLICIES.find((policy) => policy === settings.signUp) ?? 'open',
    passwordMinLength:
      typeof minLength === 'number' && Number.isInteger(minLength) && minLength > 0
        ? minLength
        : DEFAULT_PASSWORD_MIN_LENGTH,
    passkeys: settings.passkeys === true,
    apiKeys: settings.apiKeys === true,
    webhooks: settings.webhooks === true,
    magicLink: settings.magicLink === true,
    emailOtp: settings.emailOtp === true,
    usernames: settings.usernames === true,
    multiSession: settings.multiSession === true,
    accountDeletion: ACCOUNT_DELETION_MODES.find((mode) => mode === settings.accountDeletion) ?? 'immediate',
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isProvider(value: unknown): value is SocialProvider {
  return isObject(value) && typeof value.id === 'string' && value.id !== '' && typeof value.name === 'string';
}
