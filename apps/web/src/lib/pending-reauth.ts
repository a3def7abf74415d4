import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { RefusedCall } from './reauthentication.ts';

/**
 * Confirming it is you with a sign-in provider leaves the app, so the refused call cannot just
 * run again once the dialog answers. This tab keeps which call it was (never a password or a
 * token), on which page and for whom; the provider brings the person back to that page with
 * `?reauthenticated=1`, and features/reauth/resume-after-reauth.tsx takes the call up there: one
 * that is safe to repeat as it was runs again; one that needs the person (a passkey ceremony,
 * codes shown once, deleting the account) opens its form again, saying they may continue.
 */

/** The query parameter that marks the way back from the provider. */
export const RETURN_MARK = 'reauthenticated';
const KEY = 'gatehouse:pending-reauthentication';
/** Time enough for a provider's sign-in and a second step; an older one is dropped. */
const MAX_AGE_MS = 10 * 60_000;

export interface PendingAction {
  method: string;
  /** Kept only for a call repeated as it was (REPEATABLE), whose input holds no secret. */
  args?: unknown[];
  userId: string;
  /** The page's path, where the provider brings the person back. */
  path: string;
  /** The session the provider's sign-in replaces, ended on the way back. */
  replacedSessionId?: string;
  at: number;
}

const hasPassword = (args: unknown[]) =>
  args.some(
    (arg) => typeof arg === 'object' && arg !== null && 'password' in arg && arg.password !== undefined,
  );

/** Calls repeated as they were: their input names what to act on, never a secret. */
const REPEATABLE: Record<string, (args: unknown[]) => boolean> = {
  unlinkAccount: () => true,
  revokeOtherSessions: () => true,
  revokeSessions: () => true,
  // As a person without a password turns it off (with one, the password is the proof instead).
  twoFactorDisable: (args) => !hasPassword(args),
};

/** The calls whose form opens again on the way back, by form. */
export const RESUMED_FORMS = {
  addPasskey: ['passkeyGenerateRegisterOptions', 'passkeyVerifyRegistration'],
  twoFactorApp: ['twoFactorEnable'],
  twoFactorEmail: ['twoFactorSendOtp', 'twoFactorVerifyOtp'],
  backupCodes: ['twoFactorGenerateBackupCodes'],
  twoFactorOff: ['twoFactorDisable'],
  deleteAccount: ['deleteUser'],
} as const satisfies Record<string, readonly string[]>;

const REOPENED = new Set<string>(Object.values(RESUMED_FORMS).flat());

/** What happens to a call on the way back: it runs again, its form reopens, or the person is told to try again. */
export function resumptionOf(action: PendingAction): 'repeat' | 'reopen' | 'notice' {
  if (action.args) return 'repeat';
  return REOPENED.has(action.method) ? 'reopen' : 'notice';
}

/** Remembers the refused call before leaving for the provider. */
export function rememberPending(
  refused: RefusedCall,
  where: { userId: string; path: string; replacedSessionId?: string },
): void {
  const repeatable = REPEATABLE[refused.method]?.(refused.args) === true;
  const action: PendingAction = {
    method: refused.method,
    args: repeatable ? refused.args : undefined,
    ...where,
    at: Date.now(),
  };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(action));
  } catch {
    // Storage refused (privacy settings): the person is back signed in, and tries again by hand.
  }
}

/**
 * The remembered call, once: for this person on this page, and recent. Anything else is dropped,
 * so a call is never taken up for someone else or long after.
 */
export function takePending(userId: string, path: string): PendingAction | null {
  let action: PendingAction | null = null;
  try {
    const stored = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    action = stored ? (JSON.parse(stored) as PendingAction) : null;
  } catch {
    return null;
  }
  if (!action || action.userId !== userId || action.path !== path) return null;
  return Date.now() - action.at <= MAX_AGE_MS ? action : null;
}

let resumed: PendingAction | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Hands a call to the form that reopens for it (or takes it back with null). */
export function publishResumed(action: PendingAction | null): void {
  resumed = action;
  for (const listener of listeners) listener();
}

/**
 * Calls `onResume` once when the page came back from a provider for one of `methods`: the form
 * opens again there, saying the person may continue. The form may mount later (after its data
 * loads); the call waits for it.
 */
export function useResumedForm(methods: readonly string[], onResume: () => void): void {
  const action = useSyncExternalStore(subscribe, () => resumed);
  const latest = useRef(onResume);
  latest.current = onResume;
  const mine = action !== null && methods.includes(action.method);
  useEffect(() => {
    if (!mine) return;
    publishResumed(null);
    latest.current();
  }, [mine]);
}
