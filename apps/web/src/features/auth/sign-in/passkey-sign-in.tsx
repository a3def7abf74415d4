import { useEffect } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { cancelPasskeyPrompt, passkeyErrorMessage } from '../../../lib/passkeys.ts';
import { usePasskeysOffered } from '../../../lib/use-passkeys-offered.ts';
import { useNextPath } from '../shared/use-next-path.ts';
import { usePasskeySignIn } from './use-passkey-sign-in.ts';

/** "Sign in with a passkey": the browser lists the passkeys it holds for this site. */
export function PasskeySignIn() {
  const { t } = useTranslation();
  const next = useNextPath();
  const signIn = usePasskeySignIn(next);
  const offered = usePasskeysOffered();
  // Leaving the page ends a prompt still open.
  useEffect(() => cancelPasskeyPrompt, []);
  if (!offered) return null;
  return (
    <div className="mt-4 space-y-3">
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden="true">
        <span className="h-px flex-1 bg-border" />
        {t('passkey.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      {signIn.isError && <Alert tone="error">{passkeyErrorMessage(signIn.error, t)}</Alert>}
      <Button
        type="button"
        variant="secondary"
        className="w-full"
        pending={signIn.isPending || signIn.isSuccess}
        onClick={() => signIn.mutate(false)}
      >
        {t('passkey.signIn')}
      </Button>
    </div>
  );
}
