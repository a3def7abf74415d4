import { Alert } from '../../../components/ui/alert.tsx';
import { needsSignIn } from './server-error.ts';
import { SignInAgainLink } from './sign-in-again-link.tsx';

/** `errors.root.server` of react-hook-form: `type` carries the error code. */
type FormError = { type?: string | number; message?: string };

/** The form-level error of `showServerError`, with a way back in when the session is too old. */
export function FormErrorAlert({ error, next }: { error: FormError | undefined; next: string }) {
  if (!error?.message) return null;
  return (
    <Alert tone="error">
      {error.message}{' '}
      {needsSignIn(String(error.type)) && <SignInAgainLink next={next} className="font-medium underline" />}
    </Alert>
  );
}
