import { useTranslation } from '../../i18n/language.ts';
import type { OutboxMessage } from './api/get-outbox.ts';
import { OutboxItem } from './outbox-item.tsx';

export function OutboxList({ messages }: { messages: OutboxMessage[] }) {
  const { t } = useTranslation();
  if (messages.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-border p-8 text-center">
        <p className="font-medium">{t('devMail.none')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('devMail.noneExplain')}</p>
      </div>
    );
  }
  return (
    <ul aria-label={t('devMail.list')} className="space-y-3">
      {messages.map((message) => (
        <OutboxItem key={message.id} message={message} />
      ))}
    </ul>
  );
}
