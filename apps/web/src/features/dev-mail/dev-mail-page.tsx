import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../i18n/language.ts';
import { withElements } from '../../i18n/with-elements.ts';
import { OutboxError, outboxQueryOptions } from './api/get-outbox.ts';
import { OutboxList } from './outbox-list.tsx';

/** `/dev/mail`: the emails a development server would have sent, with their links to click. */
export function DevMailPage() {
  const { t } = useTranslation();
  const outbox = useQuery(outboxQueryOptions());
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <title>{`${t('devMail.title')} · Gatehouse`}</title>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('devMail.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('devMail.intro')}</p>
          {outbox.data ? (
            <p className="text-sm text-muted-foreground">
              {withElements(t('devMail.why'), { smtpUrl: <code>SMTP_URL</code> })}
            </p>
          ) : null}
        </div>
        <Button variant="secondary" pending={outbox.isFetching} onClick={() => void outbox.refetch()}>
          {t('devMail.refresh')}
        </Button>
      </header>
      {outbox.isPending ? (
        <Spinner label={t('devMail.loading')} />
      ) : outbox.isError ? (
        <Alert tone="error">
          {t('devMail.loadFailed', {
            reason:
              outbox.error instanceof OutboxError
                ? t('devMail.status', { status: outbox.error.status })
                : t('devMail.unreachable'),
          })}
        </Alert>
      ) : outbox.data === null ? (
        <Alert>
          {withElements(t('devMail.noOutbox'), {
            smtpUrl: <code>SMTP_URL</code>,
            nodeEnv: <code>NODE_ENV</code>,
            production: <code>production</code>,
          })}
        </Alert>
      ) : (
        <OutboxList messages={outbox.data} />
      )}
    </div>
  );
}
