import type { EmailMessage, Mailer } from '../email/mailer.ts';

/**
 * A mailer that keeps what it is given, for feature tests that need the link inside a message.
 * End-to-end delivery over SMTP is tested separately with a real SMTP server.
 */
export class CaptureMailer implements Mailer {
  readonly sent: EmailMessage[] = [];
  failWith: Error | null = null;

  async send(message: EmailMessage): Promise<void> {
    if (this.failWith) throw this.failWith;
    this.sent.push(message);
  }

  /** The newest message to an address (optionally of one kind); throws when there is none. */
  last(to: string, kind?: EmailMessage['kind']): EmailMessage {
    const found = this.sent.findLast((m) => m.to === to && (!kind || m.kind === kind));
    if (!found)
      throw new Error(
        `no ${kind ?? ''} message to ${to}; sent: ${this.sent.map((m) => `${m.kind}->${m.to}`).join(', ')}`,
      );
    return found;
  }

  /** The link's path and query relative to the API base, ready for a TestClient (e.g. `/verify-email?token=…`). */
  lastPath(to: string, kind?: EmailMessage['kind']): string {
    const url = new URL(this.last(to, kind).link);
    return `${url.pathname.replace(/^\/api\/auth/, '')}${url.search}`;
  }

  count(to: string): number {
    return this.sent.filter((m) => m.to === to).length;
  }
}
