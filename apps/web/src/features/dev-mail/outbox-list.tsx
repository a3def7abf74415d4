import type { OutboxMessage } from './api/get-outbox.ts';
import { OutboxItem } from './outbox-item.tsx';

export function OutboxList({ messages }: { messages: OutboxMessage[] }) {
  if (messages.length === 0) {
    return (
      <div className="rounded-lg border border-dashed border-border p-8 text-center">
        <p className="font-medium">No messages yet</p>
        <p className="mt-1 text-sm text-muted-foreground">
          Sign up, ask for a password reset or change your email, and the message will appear here.
        </p>
      </div>
    );
  }
  return (
    <ul aria-label="Messages" className="space-y-3">
      {messages.map((message) => (
        <OutboxItem key={message.id} message={message} />
      ))}
    </ul>
  );
}
