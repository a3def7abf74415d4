import type { EmailKind, Mailer } from '@gatehouse/core';

/** The mailer, counting each message it fails to deliver by kind; the failure still reaches the engine. */
export function countMailFailures(mailer: Mailer, failed: (kind: EmailKind) => void): Mailer {
  return {
    async send(message, context) {
      try {
        await mailer.send(message, context);
      } catch (error) {
        failed(message.kind);
        throw error;
      }
    },
  };
}
