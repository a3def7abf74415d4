import { z } from 'zod';
import { callbackUrlSchema } from '../../user/user-limits.ts';
import { RESERVED_PARAMS } from './providers/oauth-requests.ts';

const idTokenSchema = z.object({
  token: z.string().min(1).max(16_384),
  nonce: z.string().max(1024).optional(),
  accessToken: z.string().max(16_384).optional(),
  refreshToken: z.string().max(16_384).optional(),
  expiresAt: z.number().optional(),
  user: z
    .object({
      name: z
        .object({ firstName: z.string().max(256).optional(), lastName: z.string().max(256).optional() })
        .optional(),
      email: z.string().max(254).optional(),
    })
    .optional(),
});

const additionalParams = z
  .record(z.string().max(256), z.string().max(2048))
  .refine((params) => !Object.keys(params).some((key) => RESERVED_PARAMS.includes(key)), {
    message: `additionalParams cannot include reserved OAuth parameters: ${RESERVED_PARAMS.join(', ')}`,
  });

const flowFields = {
  provider: z.string().min(1).max(128),
  callbackURL: callbackUrlSchema.optional(),
  errorCallbackURL: callbackUrlSchema.optional(),
  disableRedirect: z.boolean().optional(),
  idToken: idTokenSchema.optional(),
  scopes: z.array(z.string().max(512)).max(64).optional(),
  requestSignUp: z.boolean().optional(),
  loginHint: z.string().max(512).optional(),
  additionalParams: additionalParams.optional(),
  additionalData: z.record(z.string().max(256), z.unknown()).optional(),
};

/** POST /sign-in/social (docs/protocol/social.md#request-body). */
export const signInSocialBody = z.object({
  ...flowFields,
  newUserCallbackURL: callbackUrlSchema.optional(),
});

/** POST /link-social (docs/protocol/social.md#link-social): the same, without newUserCallbackURL. */
export const linkSocialBody = z.object(flowFields);

export type SignInSocialBody = z.infer<typeof signInSocialBody>;

/**
 * The callback's query: strings only, so a repeated parameter is a 400
 * (docs/protocol/social.md#callback-steps).
 */
export const callbackQuery = z.object({
  state: z.string().max(512).optional(),
  code: z.string().max(4096).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
  iss: z.string().max(1024).optional(),
  user: z.string().max(4096).optional(),
  device_id: z.string().max(512).optional(),
});

/** A redirect flow started: the provider's authorization URL, and whether `Location` carries it. */
export const startedFlowJson = z.object({ url: z.string(), redirect: z.boolean() });

/** What a submitted id token is refused with (`profileFromIdToken`). */
export const ID_TOKEN_REFUSALS = [
  'ID_TOKEN_NOT_SUPPORTED',
  ['INVALID_TOKEN', 401],
  'FAILED_TO_GET_USER_INFO',
  'USER_EMAIL_NOT_FOUND',
] as const;
