import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { useTranslation } from '../../../../i18n/language.ts';

const FILE_NAME = 'gatehouse-backup-codes.txt';

/**
 * Backup codes, shown once (the server never shows them again): copy, download as a text file,
 * or print them alone. `children` is how the person says they have kept them.
 */
export function BackupCodes({ codes, children }: { codes: string[]; children: ReactNode }) {
  const { t } = useTranslation();
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('security.tf.codesCopied'));
    } catch {
      toast.error(t('security.tf.copyFailed'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = FILE_NAME;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="backup-codes-title" className="space-y-3" data-print-alone>
      <h3 id="backup-codes-title" className="font-medium">
        {t('security.tf.codesTitle')}
      </h3>
      <Alert className="print:hidden">{t('security.tf.codesOnce')}</Alert>
      <ul
        aria-label={t('security.tf.codesList')}
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-muted p-4 font-mono text-sm sm:max-w-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2 print:hidden">
        <Button type="button" variant="secondary" onClick={() => void copy()}>
          {t('security.tf.copy')}
        </Button>
        <Button type="button" variant="secondary" onClick={download}>
          {t('security.tf.download')}
        </Button>
        <Button type="button" variant="secondary" onClick={() => window.print()}>
          {t('security.tf.print')}
        </Button>
      </div>
      <div className="print:hidden">{children}</div>
    </section>
  );
}
