import { Alert } from '../../../components/ui/alert.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { paths } from '../../../config/paths.ts';

/** A reset link that is missing, used or expired: the way out is a new one. */
export function InvalidResetLink({ message }: { message: string }) {
  return (
    <div className="space-y-4">
      <Alert tone="error">{message}</Alert>
      <LinkButton to={paths.forgotPassword} variant="secondary" className="w-full">
        Ask for a new link
      </LinkButton>
    </div>
  );
}
