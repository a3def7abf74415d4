/**
 * The strict decoders the formats share: a value that is not exactly its encoding is not the format, so
 * nothing lenient (Node's base64 decoder skips what it does not know) decides what is verified.
 */

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;
const HEX = /^(?:[0-9a-fA-F]{2})+$/;

/** Standard base64, padded or not; null when the text is anything else, or empty. */
export function fromBase64(text: string): Buffer | null {
  if (text === '' || !BASE64.test(text)) return null;
  return Buffer.from(text, 'base64');
}

/** Base64 with passlib's `.` for `+` as well (its "ab64" alphabet, docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified). */
export function fromAb64(text: string): Buffer | null {
  return fromBase64(text.replaceAll('.', '+'));
}

/** Hex of either case; null when the text is anything else, or empty. */
export function fromHex(text: string): Buffer | null {
  return HEX.test(text) ? Buffer.from(text, 'hex') : null;
}

/** Standard base64 without padding, as PHC strings write it. */
export function toUnpaddedBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64').replace(/=+$/, '');
}
