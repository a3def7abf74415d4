import { useEffect, useState } from 'react';
import { en, type MessageKey } from '../i18n/en.ts';
import { useTranslation } from '../i18n/language.ts';
import { cn } from '../lib/cn.ts';
import { usePasswordMinLength } from '../lib/password-policy.ts';
import { loadStrengthCheck, type PasswordStrength, type StrengthWord } from '../lib/password-strength.ts';

const BAR_COUNT = 4;

const BAR_COLOUR: Record<StrengthWord, string> = {
  weak: 'bg-destructive',
  fair: 'bg-amber-500',
  good: 'bg-green-600',
  strong: 'bg-green-700 dark:bg-green-500',
};

/** A zxcvbn feedback key as a catalogue key, when the catalogue words it. */
function feedbackKey(kind: 'warning' | 'suggestion', key: string | null): MessageKey | undefined {
  const candidate = `password.${kind}.${key}`;
  return key && candidate in en ? (candidate as MessageKey) : undefined;
}

/** Each input whole, an address's local part, and each word: zxcvbn matches dictionary entries whole. */
function guessableWords(userInputs: string[]): string {
  const words = userInputs.flatMap((input) => [
    input,
    input.split('@')[0] ?? '',
    ...input.split(/[\s@.+_-]+/),
  ]);
  return [...new Set(words.filter((word) => word.length >= 3))].join('\n');
}

/**
 * A meter under a new-password field: bars, a word, and zxcvbn's advice, read out politely as they
 * change. `userInputs` (name, email) count as guessable for this person.
 */
export function PasswordStrengthMeter({
  password,
  userInputs = [],
}: {
  password: string;
  userInputs?: string[];
}) {
  const { t } = useTranslation();
  const minLength = usePasswordMinLength();
  const [strength, setStrength] = useState<PasswordStrength | null>(null);
  const inputsKey = guessableWords(userInputs);

  useEffect(() => {
    if (password === '') {
      setStrength(null);
      return;
    }
    let current = true;
    loadStrengthCheck()
      .then((check) => {
        if (current) setStrength(check(password, inputsKey.split('\n').filter(Boolean)));
      })
      .catch(() => {
        // Without the estimator the field works as before; the server's policy still applies.
        if (current) setStrength(null);
      });
    return () => {
      current = false;
    };
  }, [password, inputsKey]);

  const tooShort = password !== '' && password.length < minLength;
  const shown = password === '' ? null : tooShort ? { word: 'weak' as const, bars: 1 } : strength;
  const warning = tooShort ? undefined : feedbackKey('warning', strength?.warning ?? null);
  const suggestion = tooShort ? undefined : feedbackKey('suggestion', strength?.suggestion ?? null);

  return (
    <div data-slot="password-strength" className="space-y-1">
      <div aria-hidden="true" className="flex gap-1">
        {Array.from({ length: BAR_COUNT }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the bars are fixed and never reorder.
            key={index}
            data-filled={shown && index < shown.bars ? 'true' : undefined}
            className={cn(
              'h-1.5 flex-1 rounded-full bg-muted',
              shown && index < shown.bars && BAR_COLOUR[shown.word],
            )}
          />
        ))}
      </div>
      <p aria-live="polite" className="text-xs text-muted-foreground">
        {shown && (
          <>
            <span className="font-medium text-foreground">
              {t('password.strength', { word: t(`password.strength.${shown.word}`) })}
            </span>
            {tooShort && <> {t('password.tooShort', { min: minLength })}</>}
            {warning && <> {t(warning)}</>}
            {suggestion && <> {t(suggestion)}</>}
          </>
        )}
      </p>
    </div>
  );
}
