import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { RichText } from '../../../components/rich-text.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from '../../../i18n/language.ts';
import { authClient } from '../../../lib/auth-client.ts';
import { emailSchema } from '../../../lib/auth-schemas.ts';
import { errorMessage } from '../../../lib/error-messages.ts';
import { isTwoFactorChallenge, type TwoFactorState, twoFactorPath } from '../../../lib/two-factor.ts';
import { useNextPath, useSuggestedEmail } from '../shared/use-next-path.ts';

/** What was emailed: a link (with its code beside it) or a code alone. */
export type EmailedWay = 'link' | 'code';

/**
 * Signs in by email (docs/protocol/passwordless.md): first the address and the way, then the
 * "check your mail" step with the code field. The link in the message signs in by itself (the
 * server sends the browser on to `next`); its code, typed here, does the same on another device.
 * A second factor owed goes on to the second step, as after a password.
 */
export function EmailSignInForm({ ways }: { ways: readonly EmailedWay[] }) {
  const { t } = useTranslation();
  const next = useNextPath();
  const suggestedEmail = useSuggestedEmail();
  const [sent, setSent] = useState<{ email: string; way: EmailedWay } | null>(null);
  const addressSchema = useMemo(() => z.object({ email: emailSchema(t) }), [t]);
  const address = useForm({ resolver: zodResolver(addressSchema), defaultValues: { email: suggestedEmail } });
  const send = useMutation({
    mutationFn: async ({ email, way }: { email: string; way: EmailedWay }): Promise<unknown> =>
      way === 'link'
        ? authClient.signInMagicLink({
            email,
            callbackURL: next ?? paths.account,
            errorCallbackURL: paths.signInByEmail,
          })
        : authClient.sendVerificationOtp({ email, type: 'sign-in' }),
    onSuccess: (_answer, variables) => setSent(variables),
  });

  if (!sent) {
    const sendBy = (way: EmailedWay) => address.handleSubmit(({ email }) => send.mutate({ email, way }));
    return (
      // Enter asks for the first way offered; each button for its own.
      <form noValidate onSubmit={sendBy(ways[0] ?? 'link')} className="space-y-4">
        {send.isError && <Alert tone="error">{errorMessage(send.error, t)}</Alert>}
        <Field label={t('auth.email')} error={address.formState.errors.email?.message}>
          <Input type="email" autoComplete="email" spellCheck={false} {...address.register('email')} />
        </Field>
        <div className="space-y-2">
          {ways.map((each, index) => (
            <Button
              key={each}
              type={index === 0 ? 'submit' : 'button'}
              className="w-full"
              variant={index === 0 ? 'primary' : 'secondary'}
              pending={send.isPending && send.variables?.way === each}
              disabled={send.isPending}
              onClick={index === 0 ? undefined : sendBy(each)}
            >
              {t(each === 'link' ? 'passwordless.sendLink' : 'passwordless.sendCode')}
            </Button>
          ))}
        </div>
      </form>
    );
  }
  return <CodeStep email={sent.email} way={sent.way} next={next} onAgain={() => setSent(null)} />;
}

function CodeStep({
  email,
  way,
  next,
  onAgain,
}: {
  email: string;
  way: EmailedWay;
  next: string | null;
  onAgain: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const schema = useMemo(
    () =>
      z.object({
        code: z
          .string()
          .trim()
          .regex(/^\d{6}$/, t('passwordless.codeFormat')),
      }),
    [t],
  );
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { code: '' } });
  const verify = useMutation({
    mutationFn: ({ code }: { code: string }) =>
      way === 'link'
        ? authClient.magicLinkVerifyCode({ email, code })
        : authClient.signInEmailOtp({ email, otp: code }),
    // A session means the guest guard moves on; a challenge goes to the second step.
    onSuccess: (answer: unknown) => {
      if (!isTwoFactorChallenge(answer)) return;
      const state: TwoFactorState = { methods: answer.twoFactorMethods };
      navigate(twoFactorPath(next), { state });
    },
  });
  return (
    <div className="space-y-4">
      <Alert tone="success">
        <RichText
          text={t(way === 'link' ? 'passwordless.linkSent' : 'passwordless.codeSent')}
          values={{ email: <strong className="break-all">{email}</strong> }}
        />
      </Alert>
      <form noValidate onSubmit={form.handleSubmit((values) => verify.mutate(values))} className="space-y-4">
        {verify.isError && <Alert tone="error">{errorMessage(verify.error, t)}</Alert>}
        <Field label={t('passwordless.code')} error={form.formState.errors.code?.message}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} {...form.register('code')} />
        </Field>
        <Button type="submit" className="w-full" pending={verify.isPending || verify.isSuccess}>
          {t('auth.signIn')}
        </Button>
      </form>
      <Button type="button" variant="secondary" className="w-full" onClick={onAgain}>
        {t('passwordless.again')}
      </Button>
    </div>
  );
}
