import { describe, expect, it } from 'vitest';
import { present } from '../testing/present.ts';
import { createDevOutbox } from './dev-outbox.ts';
import type { EmailMessage } from './mailer.ts';

const message = (n: number, overrides: Partial<EmailMessage> = {}): EmailMessage => ({
  kind: 'verification',
  to: `user${n}@example.com`,
  subject: `Subject ${n}`,
  text: `text ${n}`,
  html: `<p>html ${n}</p>`,
  link: `http://localhost:3000/api/auth/verify-email?token=t${n}`,
  ...overrides,
});

describe('dev outbox', () => {
  it('lists what was sent, newest first, with every field and an ISO time', async () => {
    const outbox = createDevOutbox({ log: () => {} });
    await outbox.send(message(1));
    await outbox.send(message(2, { kind: 'password-reset' }));
    const [newest, oldest] = outbox.list();
    expect(outbox.list()).toHaveLength(2);
    expect(newest).toMatchObject({
      kind: 'password-reset',
      to: 'user2@example.com',
      subject: 'Subject 2',
      text: 'text 2',
      html: '<p>html 2</p>',
      link: 'http://localhost:3000/api/auth/verify-email?token=t2',
    });
    expect(oldest?.to).toBe('user1@example.com');
    expect(new Date(present(newest).sentAt).toISOString()).toBe(present(newest).sentAt);
    expect(present(newest).id).not.toBe(present(oldest).id);
  });

  it('keeps at most `capacity` messages, dropping the oldest', async () => {
    const outbox = createDevOutbox({ capacity: 3, log: () => {} });
    for (let n = 1; n <= 5; n++) await outbox.send(message(n));
    expect(outbox.list().map((e) => e.to)).toEqual([
      'user5@example.com',
      'user4@example.com',
      'user3@example.com',
    ]);
  });

  it('defaults to keeping 100', async () => {
    const outbox = createDevOutbox({ log: () => {} });
    for (let n = 1; n <= 105; n++) await outbox.send(message(n));
    const list = outbox.list();
    expect(list).toHaveLength(100);
    expect(list.at(-1)?.to).toBe('user6@example.com');
  });

  it('logs one line per message with the kind, the recipient and the link', async () => {
    const lines: string[] = [];
    const outbox = createDevOutbox({ log: (line) => lines.push(line) });
    await outbox.send(message(7, { kind: 'email-change' }));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('email-change');
    expect(lines[0]).toContain('user7@example.com');
    // Last on the line, so a terminal's link detection takes exactly the URL.
    expect(present(lines[0]).endsWith(' http://localhost:3000/api/auth/verify-email?token=t7')).toBe(true);
  });

  it('clear() empties it, and list() hands out copies', async () => {
    const outbox = createDevOutbox({ log: () => {} });
    await outbox.send(message(1));
    present(outbox.list()[0]).link = 'changed';
    expect(present(outbox.list()[0]).link).toBe(message(1).link);
    outbox.clear();
    expect(outbox.list()).toEqual([]);
  });

  it('refuses a capacity that cannot hold a message', () => {
    expect(() => createDevOutbox({ capacity: 0 })).toThrow(/capacity/);
  });
});
