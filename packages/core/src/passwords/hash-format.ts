/**
 * What each imported hash format offers (docs/protocol/import.md#42-formats-how-a-value-is-recognised-how-it-is-verified):
 * `read` takes a value in the format's shape and answers null when the value does not have that shape,
 * a refusal when it has the shape but parameters Gatehouse will not run, or the hash ready to verify.
 * The same `read` serves the import (the source's value) and the sign-in (the canonical value stored after
 * `<hasher>$`), so a value once accepted is verified exactly as it was checked.
 */
export interface HashFormat {
  read(value: string): ReadHash | null;
}

export type ReadHash = AcceptedHash | RefusedHash;

export interface AcceptedHash {
  ok: true;
  /** The column "weak" of the table: the importer warns, or refuses with --refuse-weak. */
  weak: boolean;
  /** What is stored after `<hasher>$`: the value itself, or its normalised form. */
  canonical: string;
  /** The full computation with the stored parameters, compared in constant time. */
  verify(password: string): Promise<boolean>;
}

/** Has the format's shape, but is not accepted. The message names parameters, never the value. */
export interface RefusedHash {
  ok: false;
  message: string;
}

/** `password hash parameters exceed the limits: <what>` (docs/protocol/import.md#7-error-catalogue-decision). */
export function overLimits(what: string): RefusedHash {
  return { ok: false, message: `password hash parameters exceed the limits: ${what}` };
}

/** A decimal parameter written without sign, leading zeros or spaces; NaN otherwise. */
export function decimal(text: string | undefined): number {
  return text !== undefined && /^(0|[1-9]\d{0,15})$/.test(text) ? Number(text) : Number.NaN;
}
