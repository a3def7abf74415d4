import type { TwoFactorChallenge } from '@gatehouse/client';
import { paths } from '../config/paths.ts';
import { sameSitePath } from './same-site-path.ts';

export type SecondFactor = TwoFactorChallenge['twoFactorMethods'][number];

/** What the sign-in form hands the second step in the router's state. */
export interface TwoFactorState {
  methods: SecondFactor[];
}

/** A sign-in answer that opened no session yet: a second factor is owed (docs/api.md#routes). */
export function isTwoFactorChallenge(answer: unknown): answer is TwoFactorChallenge {
  return typeof answer === 'object' && answer !== null && 'twoFactorRedirect' in answer;
}

/** The second step's address, carrying where to go once it is done. */
export function twoFactorPath(next: string | null): string {
  return next ? `${paths.signInTwoFactor}?callbackURL=${encodeURIComponent(next)}` : paths.signInTwoFactor;
}

/**
 * The methods the sign-in answer listed, from the router's state; null when the page was reached
 * otherwise (a social sign-in is sent here by the server with only `callbackURL`).
 */
export function methodsFromState(state: unknown): SecondFactor[] | null {
  if (typeof state !== 'object' || state === null || !('methods' in state)) return null;
  const { methods } = state as { methods: unknown };
  if (!Array.isArray(methods)) return null;
  return methods.filter((each): each is SecondFactor => each === 'totp' || each === 'otp');
}

/**
 * Where to go after the second step: `callbackURL` when it stays on this site. The server writes
 * it as a full address after a social sign-in, the sign-in form as a path.
 */
export function destinationOf(callbackURL: string | null): string {
  if (!callbackURL) return paths.account;
  try {
    const url = new URL(callbackURL, window.location.origin);
    if (url.origin !== window.location.origin) return paths.account;
    return sameSitePath(`${url.pathname}${url.search}${url.hash}`) ?? paths.account;
  } catch {
    return paths.account;
  }
}
