import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { socialErrorText } from '../../../lib/social-error-messages.ts';
import { ConnectedAccountsCard } from './connected-accounts-card.tsx';

/**
 * `/account/connections`: the connected accounts. A link flow comes back here; its outcome is in
 * the query (`?linked=1`, or `?error=<code>` from the server's callback).
 */
export function ConnectionsPage() {
  const [params] = useSearchParams();
  const error = params.get('error');
  const text = error === null ? null : socialErrorText(error);

  return (
    <div className="space-y-6">
      <title>Connected accounts · Gatehouse</title>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">Connected accounts</h1>
        <p className="text-sm text-muted-foreground">
          Accounts at other services you can sign in with, and your email and password.
        </p>
      </div>
      {text ? (
        <Alert tone="error">
          <strong className="font-medium">{text.title}.</strong> {text.message}
        </Alert>
      ) : (
        params.has('linked') && (
          <Alert tone="success">The account is connected. You can now sign in with it.</Alert>
        )
      )}
      <ConnectedAccountsCard />
    </div>
  );
}
