import { useQuery } from '@tanstack/react-query';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { outboxQueryOptions } from './api/get-outbox.ts';
import { OutboxList } from './outbox-list.tsx';

/** `/dev/mail`: the emails a development server would have sent, with their links to click. */
export function DevMailPage() {
  const outbox = useQuery(outboxQueryOptions());
  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <title>Dev mail · Gatehouse</title>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Dev mail</h1>
          <p className="text-sm text-muted-foreground">
            Emails the server would have sent, newest first. It keeps the last 100 in memory.
          </p>
        </div>
        <Button variant="secondary" pending={outbox.isFetching} onClick={() => void outbox.refetch()}>
          Refresh
        </Button>
      </header>
      {outbox.isPending ? (
        <Spinner label="Loading messages…" />
      ) : outbox.isError ? (
        <Alert tone="error">Could not load the outbox. {outbox.error.message}</Alert>
      ) : outbox.data === null ? (
        <Alert>
          This server has no dev outbox. It exists only in development without an SMTP server (no{' '}
          <code>SMTP_URL</code>, <code>NODE_ENV</code> not <code>production</code>), and only answers requests
          from the same machine. With SMTP configured, the messages are in real inboxes.
        </Alert>
      ) : (
        <OutboxList messages={outbox.data} />
      )}
    </div>
  );
}
