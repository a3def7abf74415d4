import { AuthCard } from '../shared/auth-card.tsx';
import { ResendVerificationForm } from './resend-verification-form.tsx';

/** After sign-up (or a refused sign-in): the link is in the inbox; here it can be sent again. */
export function VerifyPending({ email }: { email: string }) {
  return (
    <AuthCard
      title="Check your inbox"
      description={
        email ? (
          <>
            We sent a verification link to <strong className="break-all text-foreground">{email}</strong>.
            Open it to activate your account.
          </>
        ) : (
          'Enter your email address and we will send you a link to verify it.'
        )
      }
    >
      {email && (
        <p className="mb-4 text-sm text-muted-foreground">
          Nothing arrived after a few minutes? Check your spam folder, or send it again.
        </p>
      )}
      <ResendVerificationForm email={email} />
    </AuthCard>
  );
}
