/**
 * How guessable a new password is, estimated in the browser by zxcvbn. Only a hint for the person
 * choosing it: the server's policy (PASSWORD_MIN_LENGTH, REJECT_COMMON_PASSWORDS) decides.
 */
export type StrengthWord = 'weak' | 'fair' | 'good' | 'strong';

export interface PasswordStrength {
  word: StrengthWord;
  /** 1–4 bars of the meter. */
  bars: number;
  /** zxcvbn's feedback keys (its translations are left as keys so the app's catalogues word them). */
  warning: string | null;
  suggestion: string | null;
}

type Check = (password: string, userInputs: string[]) => PasswordStrength;

/** zxcvbn's 0–4 score as the meter's word: 0 and 1 are both "weak". */
export function strengthWord(score: number): StrengthWord {
  if (score >= 4) return 'strong';
  if (score === 3) return 'good';
  if (score === 2) return 'fair';
  return 'weak';
}

let loading: Promise<Check> | undefined;

/**
 * The estimator, loaded on first use: its dictionaries are several hundred kilobytes, so they come
 * in their own chunk when a new-password field is shown, never with the first page.
 */
export function loadStrengthCheck(): Promise<Check> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, english]) => {
    const zxcvbn = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
    });
    return (password, userInputs) => {
      const result = zxcvbn.check(password, userInputs);
      const word = strengthWord(result.score);
      return {
        word,
        bars: Math.max(1, result.score),
        warning: result.feedback.warning || null,
        suggestion: result.feedback.suggestions[0] ?? null,
      };
    };
  });
  // A failed load (offline, new deployment) may be retried by the next field shown.
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}
