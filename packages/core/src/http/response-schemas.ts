import { z } from 'zod';

/**
 * The shapes answers share, for route `response` declarations (OpenAPI and its conformance
 * test). Objects are loose: features add keys (additional fields, `role`, `banned`, organization ids).
 */
const isoDate = z.iso.datetime();

/** `userToJson`'s object (`user/user.ts`). */
export const userJson = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/** `sessionToJson`'s object (`session/session.ts`). */
export const sessionJson = z.looseObject({
  id: z.string(),
  token: z.string(),
  userId: z.string(),
  expiresAt: isoDate,
  createdAt: isoDate,
  updatedAt: isoDate,
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  impersonatedBy: z.string().nullable().optional(),
});

/** `{ status: true }`, the answer of actions with nothing else to say. */
export const statusJson = z.object({ status: z.literal(true) });

/** A user, and the new session's token when one was created (null when none was). */
export const userWithTokenJson = z.object({ token: z.string().nullable(), user: userJson });

/** A sign-in that owes a second factor: no session yet, only the challenge (two-factor feature). */
export const twoFactorChallengeJson = z.object({
  twoFactorRedirect: z.literal(true),
  twoFactorMethods: z.array(z.string()),
});

/**
 * A passkey as every route answers it (features/passkey/passkey-json.ts `passkeyToJson`), here so
 * the passkey routes and the admin console's list declare one shape.
 */
export const passkeyJson = z.object({
  id: z.string(),
  name: z.string().nullable(),
  publicKey: z.string(),
  userId: z.string(),
  credentialID: z.string(),
  counter: z.number(),
  deviceType: z.string(),
  backedUp: z.boolean(),
  transports: z.string().nullable(),
  createdAt: z.iso.datetime().nullable(),
  aaguid: z.string().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
});
