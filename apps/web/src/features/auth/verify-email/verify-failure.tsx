import { Alert } from '../../../components/ui/alert.tsx';
import { errorMessage } from '../../../lib/error-messages.ts';
import { AuthCard } from '../shared/auth-card.tsx';
import { ResendVerificationForm } from './resend-verification-form.tsx';

/** A verification link that did not work, and the way to get a new one. */
export function VerifyFailure({ error, email }: { error: unknown; email: string }) {
  return (
    <AuthCard title="We could not verify your email">
      <div className="space-y-4">
        <Alert tone="error">{errorMessage(error)}</Alert>
        <p className="text-sm text-muted-foreground">Ask for a new link below; it is valid for one hour.</p>
        <ResendVerificationForm email={email} />
      </div>
    </AuthCard>
  );
}
