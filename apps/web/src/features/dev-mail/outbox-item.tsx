import type { MessageKey } from '../../i18n/en.ts';
import { useTranslation } from '../../i18n/language.ts';
import { withElements } from '../../i18n/with-elements.ts';
import type { OutboxMessage } from './api/get-outbox.ts';

const KINDS: Record<string, MessageKey> = {
  verification: 'devMail.kind.verification',
  'password-reset': 'devMail.kind.passwordReset',
  'email-change': 'devMail.kind.emailChange',
  'account-deletion': 'devMail.kind.accountDeletion',
  invitation: 'devMail.kind.invitation',
  'two-factor-code': 'devMail.kind.twoFactorCode',
};

/** Times in the reader's language, as the words around them. */
const timeIn = (language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'medium' });

export function OutboxItem({ message }: { message: OutboxMessage }) {
  const { t, language } = useTranslation();
  const kind = KINDS[message.kind];
  return (
    <li className="space-y-2 rounded-lg border border-border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span className="rounded-full border border-border bg-muted px-2 py-0.5 font-medium">
          {kind ? t(kind) : message.kind}
        </span>
        <time dateTime={message.sentAt}>{timeIn(language).format(new Date(message.sentAt))}</time>
      </div>
      <h2 className="font-medium">{message.subject}</h2>
      <p className="text-sm text-muted-foreground">
        {withElements(t('devMail.to'), {
          address: <span className="break-all text-foreground">{message.to}</span>,
        })}
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
          {t('devMail.show')}
        </summary>
        <pre className="mt-2 overflow-x-auto whitespace-pre-wrap rounded-md bg-muted p-3 text-xs">
          {message.text}
        </pre>
      </details>
    </li>
  );
}
