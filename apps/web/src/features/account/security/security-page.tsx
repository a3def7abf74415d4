import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { RequirementNotice } from '../../organization/two-factor-policy/requirement-notice.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { PasskeysCard } from './passkeys/passkeys-card.tsx';
import { TwoFactorCard } from './two-factor/two-factor-card.tsx';

export function SecurityPage() {
  return (
    <div className="space-y-6">
      <title>Security · Gatehouse</title>
      <h1 className="text-2xl font-semibold">Security</h1>
      <RequirementNotice />
      <Card aria-labelledby="change-password-title">
        <CardHeader>
          <CardTitle id="change-password-title">Change password</CardTitle>
          <CardDescription>Enter your current password, then choose a new one.</CardDescription>
        </CardHeader>
        <ChangePasswordForm />
      </Card>
      <TwoFactorCard />
      <PasskeysCard />
    </div>
  );
}
