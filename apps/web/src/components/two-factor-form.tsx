import { GatehouseError } from '@gatehouse/client';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths.ts';
import type { MessageKey } from '../i18n/en.ts';
import { useTranslation } from '../i18n/language.ts';
import { authClient } from '../lib/auth-client.ts';
import { errorMessage } from '../lib/error-messages.ts';
import { formatDateTime } from '../lib/format-time.ts';
import type { SecondFactor } from '../lib/two-factor.ts';
import { isLockedOut, LOCKOUT_MINUTES } from '../lib/two-factor-errors.ts';
import { digitsOnly, useCodeEntry } from '../lib/use-code-entry.ts';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { Checkbox } from './ui/checkbox.tsx';
import { Field } from './ui/field.tsx';
import { Input } from './ui/input.tsx';
import { Label } from './ui/label.tsx';

type Method = SecondFactor | 'backup';

/** Per kind of code: the field's label, and the link that switches to it. */
const WORDS: Record<Method, { label: MessageKey; switchTo: MessageKey }> = {
  totp: { label: 'tf.step.totpLabel', switchTo: 'tf.step.useTotp' },
  otp: { label: 'tf.step.otpLabel', switchTo: 'tf.step.useOtp' },
  backup: { label: 'tf.step.backupLabel', switchTo: 'tf.step.useBackup' },
};

/** Backup codes are letters and digits with a dash, typed as shown; the others are digits. */
const cleanFor = (method: Method) => (method === 'backup' ? (code: string) => code.trim() : digitsOnly);

/**
 * The second step of signing in: a code from the authenticator app, from an email, or a backup
 * code, and whether to trust this browser. Success opens the session; the page then moves on (the
 * sign-in page when the session appears; the re-authentication dialog through `onVerified`).
 */
export function TwoFactorForm({
  methods,
  onVerified,
}: {
  methods: SecondFactor[];
  onVerified?: (token: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const trustId = useId();
  const [method, setMethod] = useState<Method>(methods[0] ?? 'backup');
  const [trustDevice, setTrustDevice] = useState(false);
  // When the lock ends at the latest: it began at the tenth wrong code, no later than now.
  const [lockedUntil, setLockedUntil] = useState<Date | null>(null);

  const send = useMutation({ mutationFn: () => authClient.twoFactorSendOtp({}) });
  const entry = useCodeEntry(
    (code) => {
      if (method === 'totp') return authClient.twoFactorVerifyTotp({ code, trustDevice });
      if (method === 'otp') return authClient.twoFactorVerifyOtp({ code, trustDevice });
      return authClient.twoFactorVerifyBackupCode({ code, trustDevice });
    },
    {
      clean: cleanFor(method),
      onSuccess: (answer) => onVerified?.(answer.token),
      onError: (error) => {
        if (isLockedOut(error))
          setLockedUntil((known) => known ?? new Date(Date.now() + LOCKOUT_MINUTES * 60_000));
      },
    },
  );

  const choose = (next: Method) => {
    setMethod(next);
    entry.clear();
  };
  const awaitingEmail = method === 'otp' && !send.isSuccess;
  const others = ([...methods, 'backup'] as Method[]).filter((each) => each !== method);

  return (
    <div className="space-y-4">
      {entry.formError !== null && (
        <StepError error={entry.formError} method={method} lockedUntil={lockedUntil} />
      )}
      {method === 'otp' && (
        <div className="space-y-2">
          {send.isSuccess && <Alert tone="success">{t('tf.step.otpSent')}</Alert>}
          {send.isError && <Alert tone="error">{errorMessage(send.error, t)}</Alert>}
          <Button
            type="button"
            variant={awaitingEmail ? 'primary' : 'secondary'}
            className="w-full"
            pending={send.isPending}
            onClick={() => send.mutate()}
          >
            {t(send.isSuccess ? 'tf.step.resendOtp' : 'tf.step.sendOtp')}
          </Button>
        </div>
      )}
      {!awaitingEmail && (
        <form noValidate onSubmit={entry.submit} className="space-y-4">
          <Field label={t(WORDS[method].label)} error={entry.fieldError ? t(entry.fieldError) : undefined}>
            <Input
              ref={entry.inputRef}
              autoFocus
              value={entry.code}
              onChange={(event) => entry.setCode(event.target.value)}
              autoComplete="one-time-code"
              inputMode={method === 'backup' ? 'text' : 'numeric'}
              spellCheck={false}
              autoCapitalize="off"
            />
          </Field>
          <div className="flex items-start gap-3">
            <Checkbox
              id={trustId}
              checked={trustDevice}
              onCheckedChange={(checked) => setTrustDevice(checked === true)}
              className="mt-0.5"
            />
            <Label htmlFor={trustId}>{t('tf.step.trust')}</Label>
          </div>
          <Button
            type="submit"
            className="w-full"
            pending={entry.mutation.isPending || entry.mutation.isSuccess}
          >
            {t('tf.step.verify')}
          </Button>
        </form>
      )}
      <ul className="space-y-1 text-sm" aria-label={t('tf.step.otherWays')}>
        {others.map((each) => (
          <li key={each}>
            <button
              type="button"
              className="underline underline-offset-4 hover:text-foreground"
              onClick={() => choose(each)}
            >
              {t(WORDS[each].switchTo)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A refusal not about the code itself; some mean this sign-in is over and must start again. */
function StepError({
  error,
  method,
  lockedUntil,
}: {
  error: unknown;
  method: Method;
  lockedUntil: Date | null;
}) {
  const { t, language } = useTranslation();
  if (isLockedOut(error) && lockedUntil) {
    return (
      <Alert tone="error">
        {t('tf.error.locked', { minutes: LOCKOUT_MINUTES, time: formatDateTime(lockedUntil, language) })}
      </Alert>
    );
  }
  const code = error instanceof GatehouseError ? error.code : '';
  // Too many tries on one emailed code asks for a new code; on a challenge, for a new sign-in.
  const tooMany = code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE';
  const signInAgain = code === 'INVALID_TWO_FACTOR_COOKIE' || (tooMany && method !== 'otp');
  const text = tooMany
    ? t(method === 'otp' ? 'tf.error.tooManyOtp' : 'tf.error.tooMany')
    : errorMessage(error, t);
  return (
    <Alert tone="error">
      {text}
      {signInAgain && (
        <>
          {' '}
          <Link to={paths.signIn} className="font-medium underline underline-offset-4">
            {t('tf.step.signInAgain')}
          </Link>
        </>
      )}
    </Alert>
  );
}
