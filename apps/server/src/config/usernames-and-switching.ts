import { type Env, parseSwitch, variableReader } from './variables.ts';

export interface UsernamesAndSwitchingConfig {
  /** USERNAME: usernames at sign-up and in the profile, and sign-in by username. */
  usernames: boolean;
  /** MULTI_SESSION: several people signed in in one browser, and switching between them. */
  multiSession: boolean;
}

/**
 * Reads USERNAME and MULTI_SESSION (docs/protocol/passwordless.md), both off unless `on`: each
 * changes what people see (a username field at sign-up, an account switcher) and what sign-out
 * means (every account of the browser), which an operator chooses rather than discovers.
 */
export function readUsernamesAndSwitching(env: Env, problems: string[]): UsernamesAndSwitchingConfig {
  const read = variableReader(env, problems);
  const offByDefault = (name: string) =>
    read.value(name, false, (raw) => parseSwitch(raw, 'on', 'off'), "'on' or 'off'");
  return { usernames: offByDefault('USERNAME'), multiSession: offByDefault('MULTI_SESSION') };
}
