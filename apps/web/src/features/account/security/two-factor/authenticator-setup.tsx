import { useTranslation } from '../../../../i18n/language.ts';
import { authClient } from '../../../../lib/auth-client.ts';
import { digitsOnly, useCodeEntry } from '../../../../lib/use-code-entry.ts';
import { CodeConfirmForm } from './code-confirm-form.tsx';
import { QrCode } from './qr-code.tsx';

/** The secret as an app asks for it when typed, in groups of four so it can be read aloud. */
function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Adding an authenticator app: scan the QR code or type the secret, then prove it works with a
 * first code. Only that code turns two-factor on (docs/api.md#routes: enable, verify-totp).
 */
export function AuthenticatorSetup({
  totpURI,
  onConfirmed,
  onCancel,
}: {
  totpURI: string;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const entry = useCodeEntry((code) => authClient.twoFactorVerifyTotp({ code }), {
    clean: digitsOnly,
    onSuccess: onConfirmed,
  });
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-4 pl-5 text-sm">
        <li className="space-y-3">
          <p>{t('security.tf.scan')}</p>
          <QrCode text={totpURI} label={t('security.tf.qrLabel')} />
        </li>
        <li className="space-y-1">
          <p>{t('security.tf.typeSecret')}</p>
          <code
            className="block rounded-md bg-muted px-3 py-2 font-mono text-sm break-all"
            data-testid="totp-secret"
          >
            {secretOf(totpURI)}
          </code>
        </li>
        <li>{t('security.tf.enterFirstCode')}</li>
      </ol>
      <CodeConfirmForm entry={entry} label={t('security.tf.codeLabel')} onCancel={onCancel} />
    </div>
  );
}
