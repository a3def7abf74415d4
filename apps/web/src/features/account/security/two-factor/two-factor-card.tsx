import { useSession } from '@gatehouse/client/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { StatusCardHeader } from '../../../../components/status-card-header.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../../i18n/language.ts';
import { authClient } from '../../../../lib/auth-client.ts';
import { RESUMED_FORMS, useResumedForm } from '../../../../lib/pending-reauth.ts';
import { sessionsQueryKey } from '../../sessions/sessions-query.ts';
import { AuthenticatorSetup } from './authenticator-setup.tsx';
import { BackupCodes } from './backup-codes.tsx';
import { EmailCodeSetup } from './email-code-setup.tsx';
import { PasswordDialog } from './password-dialog.tsx';
import { useHasPassword } from './use-has-password.ts';

/** Where the card is: at rest, in one of the two set-ups, or showing new backup codes once. */
type Step =
  | { kind: 'rest' }
  | { kind: 'authenticator'; totpURI: string; backupCodes: string[] }
  | { kind: 'email'; resumed?: boolean }
  | { kind: 'codes'; backupCodes: string[] };

/** Two-factor on the Security page: turn it on (app or email), new backup codes, turn it off. */
export function TwoFactorCard() {
  const { t } = useTranslation();
  const { data: session } = useSession();
  const queryClient = useQueryClient();
  const hasPassword = useHasPassword();
  const [step, setStep] = useState<Step>({ kind: 'rest' });
  const enabled = session?.user.twoFactorEnabled === true;
  // Turning it on or off replaces this device's session: the sessions list changes.
  const sessionReplaced = () => void queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
  const rest = () => setStep({ kind: 'rest' });
  // Back from confirming it is them with a provider while setting up email codes: that step again.
  useResumedForm(RESUMED_FORMS.twoFactorEmail, () => setStep({ kind: 'email', resumed: true }));

  const body = () => {
    if (hasPassword === null) return <Spinner label={t('security.tf.loading')} />;
    switch (step.kind) {
      case 'authenticator':
        return (
          <AuthenticatorSetup
            totpURI={step.totpURI}
            onCancel={rest}
            onConfirmed={() => {
              sessionReplaced();
              toast.success(t('security.tf.turnedOnApp'));
              setStep({ kind: 'codes', backupCodes: step.backupCodes });
            }}
          />
        );
      case 'email':
        return (
          <EmailCodeSetup
            resumed={step.resumed === true}
            onCancel={rest}
            onConfirmed={() => {
              sessionReplaced();
              toast.success(t('security.tf.turnedOnEmail'));
              rest();
            }}
          />
        );
      case 'codes':
        return (
          <BackupCodes codes={step.backupCodes}>
            <Button type="button" onClick={rest}>
              {t('security.tf.codesKept')}
            </Button>
          </BackupCodes>
        );
      case 'rest':
        return (
          <div className="flex flex-wrap gap-2">
            <PasswordDialog
              trigger={
                <Button variant={enabled ? 'secondary' : 'primary'}>{t('security.tf.setUpApp')}</Button>
              }
              title={t('security.tf.setUpAppTitle')}
              description={t(hasPassword ? 'security.tf.passwordFirst' : 'security.tf.noPasswordFirst')}
              submitLabel={t('security.tf.continue')}
              hasPassword={hasPassword}
              run={(password) => authClient.twoFactorEnable({ password, method: 'totp' })}
              resumes={RESUMED_FORMS.twoFactorApp}
              onDone={(answer) => {
                if (answer.method === 'totp')
                  setStep({
                    kind: 'authenticator',
                    totpURI: answer.totpURI,
                    backupCodes: answer.backupCodes,
                  });
              }}
            />
            {!enabled && (
              <Button variant="secondary" onClick={() => setStep({ kind: 'email' })}>
                {t('security.tf.useEmail')}
              </Button>
            )}
            {enabled && (
              <>
                <PasswordDialog
                  trigger={<Button variant="secondary">{t('security.tf.newCodes')}</Button>}
                  title={t('security.tf.newCodesTitle')}
                  description={t('security.tf.newCodesExplain')}
                  submitLabel={t('security.tf.newCodes')}
                  hasPassword={hasPassword}
                  run={(password) => authClient.twoFactorGenerateBackupCodes({ password })}
                  resumes={RESUMED_FORMS.backupCodes}
                  onDone={(answer) => setStep({ kind: 'codes', backupCodes: answer.backupCodes })}
                />
                <PasswordDialog
                  trigger={<Button variant="destructive">{t('security.tf.turnOff')}</Button>}
                  title={t('security.tf.turnOffTitle')}
                  description={t('security.tf.turnOffExplain')}
                  submitLabel={t('security.tf.turnOff')}
                  destructive
                  hasPassword={hasPassword}
                  run={(password) => authClient.twoFactorDisable({ password })}
                  resumes={RESUMED_FORMS.twoFactorOff}
                  onDone={() => {
                    sessionReplaced();
                    toast.success(t('security.tf.turnedOff'));
                  }}
                />
              </>
            )}
          </div>
        );
    }
  };

  return (
    <Card aria-labelledby="two-factor-title">
      <StatusCardHeader
        titleId="two-factor-title"
        title={t('security.tf.title')}
        status={t(enabled ? 'security.tf.on' : 'security.tf.off')}
        good={enabled}
        description={t(enabled ? 'security.tf.explainOn' : 'security.tf.explainOff')}
      />
      {body()}
    </Card>
  );
}
