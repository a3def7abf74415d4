import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { orgErrorMessage } from '../shared/org-errors.ts';

/** An invitation link that does not open (expired, cancelled, answered, or someone else's). */
export function InvitationUnavailable({
  error,
  description,
  children,
}: {
  error: unknown;
  description: ReactNode;
  /** The ways on. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card className="mx-auto max-w-md" aria-labelledby="invite-title">
      <CardHeader>
        <CardTitle as="h1" id="invite-title">
          {t('invite.unavailable.title')}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <Alert tone="error" className="mb-4">
        {orgErrorMessage(error, t)}
      </Alert>
      <div className="flex flex-wrap gap-2">{children}</div>
    </Card>
  );
}
