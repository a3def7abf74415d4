import { toast } from 'sonner';
import { useTranslation } from '../../i18n/language.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';

/**
 * A key just created, in the one answer that holds it (docs/protocol/api-key-client.md#the-key-object):
 * shown whole, with a copy button and the warning that it is not shown again. The caller keeps it
 * only until its dialog closes.
 */
export function NewKeyShown({ secret }: { secret: string }) {
  const { t } = useTranslation();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast.success(t('apiKey.copied'));
    } catch {
      // No clipboard (an insecure origin, a refused permission): the key stays on screen to copy by hand.
      toast.error(t('apiKey.copyFailed'));
    }
  };

  return (
    <div className="space-y-3">
      <Alert tone="info">{t('apiKey.shownOnce')}</Alert>
      <figure className="space-y-1.5">
        <figcaption className="text-sm font-medium">{t('apiKey.keyLabel')}</figcaption>
        <code className="block rounded-md bg-muted p-3 font-mono text-sm break-all select-all">{secret}</code>
      </figure>
      <Button type="button" variant="secondary" onClick={() => void copy()}>
        {t('apiKey.copy')}
      </Button>
    </div>
  );
}
