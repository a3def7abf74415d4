export type RowFromValues = (values: readonly unknown[]) => Record<string, unknown>;

/**
 * Names an array of values as the drivers name their object rows: by column name, in the order the
 * columns first appear, a later column of the same name taking the place of an earlier one. Built
 * as an object literal with the names written in, so every row a function makes shares one hidden
 * class: the drivers build each row key by key instead (sqlite-rows.ts, postgres-rows.ts say what
 * that cost).
 */
export function rowFromValues(names: readonly string[]): RowFromValues {
  // A literal would set the prototype for this name rather than a property: named one by one.
  if (names.includes('__proto__')) return (values) => namedOneByOne(names, values);
  const fields = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  // The names are the statement's own columns; JSON quoting keeps any of them a plain key.
  return new Function('values', `return { ${fields.join(', ')} };`) as RowFromValues;
}

/** The same naming without a function made for the names, for names seen too rarely to keep one. */
export function namedOneByOne(names: readonly string[], values: readonly unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  names.forEach((name, index) => {
    Object.defineProperty(row, name, {
      value: values[index],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
  return row;
}
