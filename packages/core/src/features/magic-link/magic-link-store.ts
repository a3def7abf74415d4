import { z } from 'zod';
import type { AuthContext } from '../../context.ts';
import { randomString } from '../../crypto/random.ts';
import { normalizeEmail } from '../../user/email.ts';
import { type CodeRefusal, checkCode, hashSecret, newCode, storeCode } from '../../user/one-time-code.ts';
import { consumeVerification, insertVerification } from '../../user/verification.repository.ts';
import type { ResolvedMagicLink } from './magic-link-options.ts';

// A link is a verification row `magic-link:{token hash}` = `{"type":"magic-link","email","name"}`
// (docs/protocol/passwordless.md#11-post-sign-inmagic-link; Better Auth's `hashed` storage), its
// code a row `magic-link-otp-{email}` naming the link's token hash, so the code spends the link
// and only the address's latest link has a code
// (docs/protocol/passwordless.md#7-gatehouse-decisions-where-gatehouse-does-better-than-the-reference, D1).

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const linkId = (tokenHash: string) => `magic-link:${tokenHash}`;
const codeId = (email: string) => `magic-link-otp-${normalizeEmail(email)}`;

/** Who the link signs in, and the name of the account it creates when there is none. */
export interface LinkRecord {
  email: string;
  name: string;
}

const recordSchema = z.object({
  type: z.literal('magic-link'),
  email: z.string(),
  name: z.string().optional(),
});

/** Stores a new link and its code, both good until the same moment; the address's earlier code is replaced. */
export async function storeLink(
  auth: AuthContext,
  config: ResolvedMagicLink,
  record: LinkRecord,
): Promise<{ token: string; code: string }> {
  const token = randomString(32, LETTERS);
  const code = newCode();
  const now = auth.options.now();
  const expiresAt = new Date(now + config.expiresIn * 1000);
  const value = JSON.stringify({ type: 'magic-link', email: record.email, name: record.name });
  await insertVerification(auth.db, linkId(hashSecret(token)), value, expiresAt, now);
  await storeCode(auth.db, codeId(record.email), code, expiresAt, now, hashSecret(token));
  return { token, code };
}

/** Spends a link's token: its record, or null when it is unknown, spent or expired. */
export async function spendLink(auth: AuthContext, token: string): Promise<LinkRecord | null> {
  return parseRecord(await consumeVerification(auth.db, linkId(hashSecret(token)), auth.options.now()));
}

export type LinkCodeSpent = { ok: true; record: LinkRecord } | { ok: false; refusal: CodeRefusal };

/**
 * Spends the code of the address's latest link, and with it the link. A link already followed
 * leaves its code usable: whoever followed it may have been a mail scanner.
 */
export async function spendLinkCode(auth: AuthContext, email: string, code: string): Promise<LinkCodeSpent> {
  const now = auth.options.now();
  const check = await checkCode(auth.db, codeId(email), code, now);
  if (!check.ok) return check;
  const spent = check.bound ? await consumeVerification(auth.db, linkId(check.bound), now) : null;
  // The link was followed already: the account exists, so the name is not needed.
  return { ok: true, record: parseRecord(spent) ?? { email: normalizeEmail(email), name: '' } };
}

function parseRecord(value: string | null): LinkRecord | null {
  if (value === null) return null;
  try {
    const parsed = recordSchema.safeParse(JSON.parse(value));
    return parsed.success ? { email: normalizeEmail(parsed.data.email), name: parsed.data.name ?? '' } : null;
  } catch {
    return null;
  }
}
