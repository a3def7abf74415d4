import { AuthError } from '../errors.ts';

/**
 * Sends where the person waits for the message: a transport failure becomes
 * 502 FAILED_TO_SEND_EMAIL (the cause is kept for the log, never sent to the client).
 */
export async function deliverOrFail(sending: Promise<void>): Promise<void> {
  try {
    await sending;
  } catch (error) {
    throw new AuthError('FAILED_TO_SEND_EMAIL', { cause: error });
  }
}
