import { readFileSync } from 'node:fs';

/**
 * The 10,000 most common passwords, most common first, lower-cased, one a line
 * (`common-passwords.txt`). Taken from the frequency-ordered `src/passwords.json` of the npm package
 * `@zxcvbn-ts/language-common` 4.1.3 (MIT, © Dan Wheeler, Dropbox, Inc. and @zxcvbn-ts): its first
 * 10,000 entries. Read once, on the first check, and only when the policy is on.
 */
let list: ReadonlySet<string> | undefined;

export function isCommonPassword(password: string): boolean {
  list ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return list.has(password.toLowerCase());
}
