import { toast } from 'sonner';
import type { MessageKey } from '../../i18n/en.ts';
import { useTranslation } from '../../i18n/language.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

/** What the shown secret is called; another secret shown once (a webhook's) names itself. */
export interface SecretWords {
  shownOnce: MessageKey;
  label: MessageKey;
  copy: MessageKey;
  copied: MessageKey;
  copyFailed: MessageKey;
}

const KEY_WORDS: SecretWords = {
  shownOnce: 'apiKey.shownOnce',
  label: 'apiKey.keyLabel',
  copy: 'apiKey.copy',
  copied: 'apiKey.copied',
  copyFailed: 'apiKey.copyFailed',
};

/**
 * A key just created, in the one answer that holds it (docs/protocol/api-key-client.md#the-key-object):
 * shown whole, with a copy button and the warning that it is not shown again. The caller keeps it
 * only until its dialog closes.
 */
export function NewKeyShown({ secret, words = KEY_WORDS }: { secret: string; words?: SecretWords }) {
  const { t } = useTranslation();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t(words.copied));
    } catch {
      // No clipboard (an insecure origin, a refused permission): the key stays on screen to copy by hand.
      toast.error(t(words.copyFailed));
    }
  };

  return (
    <div className="space-y-3">
      <Alert tone="info">{t(words.shownOnce)}</Alert>
      <figure className="space-y-1.5">
        <figcaption className="text-sm font-medium">{t(words.label)}</figcaption>
        <code className="block rounded-md bg-muted p-3 font-mono text-sm break-all select-all">{secret}</code>
      </figure>
      <Button type="button" variant="secondary" onClick={() => void copy()}>
        {t(words.copy)}
      </Button>
    </div>
  );
}
