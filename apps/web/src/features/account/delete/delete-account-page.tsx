import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/language.ts';
import { DeleteAccountDialog } from './delete-account-dialog.tsx';

export function DeleteAccountPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <title>{`${t('account.delete.title')} · Gatehouse`}</title>
      <h1 className="text-2xl font-semibold">{t('account.delete.title')}</h1>
      <Card aria-labelledby="delete-account-title" className="border-destructive/50">
        <CardHeader>
          <CardTitle id="delete-account-title">{t('account.delete.cardTitle')}</CardTitle>
          <CardDescription>{t('account.delete.cannotUndo')}</CardDescription>
        </CardHeader>
        <div className="space-y-4 text-sm">
          <p>{t('account.delete.when')}</p>
          <ul className="list-disc space-y-1 pl-5">
            <li>{t('account.delete.removed')}</li>
            <li>{t('account.delete.signedOut')}</li>
            <li>{t('account.delete.noRestore')}</li>
          </ul>
          <p>{t('account.delete.signUpAgain')}</p>
          <DeleteAccountDialog />
        </div>
      </Card>
    </div>
  );
}
