export type Env = Record<string, string | undefined>;

/**
 * The readers' shared way to read one variable: unset or empty gives the fallback; a value that does
 * not parse adds one problem line naming the variable, what it expects and what it got.
 */
export function variableReader(env: Env, problems: string[]) {
  const value = <T>(
    name: string,
    fallback: T,
    parse: (raw: string) => T | undefined,
    expected: string,
  ): T => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const parsed = parse(raw);
    if (parsed === undefined) {
      problems.push(`${name}: expected ${expected}, got '${raw}'`);
      return fallback;
    }
    return parsed;
  };
  return {
    value,
    /** A feature switch, on unless set to `off`. */
    onOff: (name: string) => value(name, true, (raw) => parseSwitch(raw, 'on', 'off'), "'on' or 'off'"),
    seconds: (name: string, fallback: number) =>
      value(
        name,
        fallback,
        (raw) => (/^\d+$/.test(raw) ? Number(raw) : undefined),
        'a whole number of seconds',
      ),
  };
}

export function parseSwitch(raw: string, on: string, off: string): boolean | undefined {
  const value = raw.trim().toLowerCase();
  return value === on ? true : value === off ? false : undefined;
}

export function parseHttpOrigin(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}
