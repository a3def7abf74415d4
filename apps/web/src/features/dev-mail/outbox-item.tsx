import type { OutboxMessage } from './api/get-outbox.ts';

const KINDS: Record<string, string> = {
  verification: 'Email verification',
  'password-reset': 'Password reset',
  'email-change': 'Email change',
  'account-deletion': 'Account deletion',
  invitation: 'Invitation',
  'two-factor-code': 'Two-factor code',
};

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

export function OutboxItem({ message }: { message: OutboxMessage }) {
  return (
    <li className="space-y-2 rounded-lg border border-border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span className="rounded-full border border-border bg-muted px-2 py-0.5 font-medium">
          {KINDS[message.kind] ?? message.kind}
        </span>
        <time dateTime={message.sentAt}>{time.format(new Date(message.sentAt))}</time>
      </div>
      <h2 className="font-medium">{message.subject}</h2>
      <p className="text-sm text-muted-foreground">
        To <span className="break-all text-foreground">{message.to}</span>
      </p>
      {message.code !== undefined ? (
        <p className="font-mono text-lg tracking-widest">{message.code}</p>
      ) : (
        <a
          href={message.link}
          title={message.link}
          className="block truncate text-sm text-primary underline underline-offset-4"
        >
          {message.link}
        </a>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
          Show the message
        </summary>
        <pre className="mt-2 overflow-x-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-xs">
          {message.text}
        </pre>
      </details>
    </li>
  );
}
