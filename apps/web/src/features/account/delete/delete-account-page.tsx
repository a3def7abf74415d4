import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

export function DeleteAccountPage() {
  return (
    <div className="space-y-6">
      <title>Delete account · Gatehouse</title>
      <h1 className="text-2xl font-semibold">Delete account</h1>
      <Card aria-labelledby="delete-account-title" className="border-destructive/50">
        <CardHeader>
          <CardTitle id="delete-account-title">Delete your account permanently</CardTitle>
          <CardDescription>This cannot be undone.</CardDescription>
        </CardHeader>
        <div className="space-y-4 text-sm">
          <p>When you delete your account:</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>your profile, your password and your sessions are removed for good;</li>
            <li>every device signed in to the account is signed out at once;</li>
            <li>we cannot restore any of it, not even if you ask us.</li>
          </ul>
          <p>You can sign up again later with the same email address, as a new, empty account.</p>
          <DeleteAccountDialog />
        </div>
      </Card>
    </div>
  );
}
