import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { authClient } from '../../../lib/auth-client.ts';
import { passkeyAssertion } from '../../../lib/passkeys.ts';
import { isTwoFactorChallenge, type TwoFactorState, twoFactorPath } from '../../../lib/two-factor.ts';

/**
 * Signs in with a passkey: the browser's prompt (or, with `autofill`, the email field's
 * suggestions), then the server's check. A session makes the guest guard move on to `next`; a
 * person with two-factor on whose passkey did not verify them goes to the second step
 * (D9 in packages/core/src/features/passkey/README.md).
 */
export function usePasskeySignIn(next: string | null) {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (autofill: boolean) => {
      const response = await passkeyAssertion(autofill);
      return authClient.passkeyVerifyAuthentication({ response });
    },
    onSuccess: (answer) => {
      if (!isTwoFactorChallenge(answer)) return;
      const state: TwoFactorState = { methods: answer.twoFactorMethods };
      navigate(twoFactorPath(next), { state });
    },
  });
}
