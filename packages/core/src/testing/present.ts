/**
 * The value, or a thrown error naming what was missing: a test's way of saying "this must be here"
 * that fails with a message instead of a later TypeError, where a non-null assertion would lie to
 * the type checker.
 */
export function present<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}, got ${value}`);
  return value;
}
