import { queryOptions } from '@tanstack/react-query';

/** One message of the server's dev outbox (`GET /dev/outbox`). */
export interface OutboxMessage {
  id: string;
  kind: string;
  to: string;
  subject: string;
  /** Absolute, on the API server's origin. */
  link: string;
  /** Present for messages that carry a code instead of a link (two-factor sign-in codes). */
  code?: string;
  text: string;
  html: string;
  sentAt: string;
}

/** The outbox answered with an error status; the page says it in the reader's language. */
export class OutboxError extends Error {
  constructor(readonly status: number) {
    super(`The server answered ${status}.`);
  }
}

/**
 * The outbox, newest first; null when the server has none (404: production, or SMTP configured,
 * or a request from another machine).
 */
export async function getOutbox(): Promise<OutboxMessage[] | null> {
  const response = await fetch('/dev/outbox', { headers: { accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new OutboxError(response.status);
  const { messages } = (await response.json()) as { messages: OutboxMessage[] };
  return [...messages].sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

export const outboxQueryOptions = () => queryOptions({ queryKey: ['dev-outbox'], queryFn: getOutbox });
