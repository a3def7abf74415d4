import type { AuthContext } from '../context.ts';
import type { Executor } from '../db/executor.ts';

/**
 * Where recorded events wait to be delivered elsewhere (`ports.eventOutbox`, the webhooks
 * feature's, for the audit recorder): a row written in the event's own transaction, so a crash
 * loses no event (docs/protocol/webhooks.md#7-delivery-retries-ordering). Undefined while webhooks
 * are off: the recorder then writes the event alone, as before.
 */
export interface EventOutbox {
  /** Adds the event to the outbox on the event's own executor (its transaction). */
  writeWith(db: Executor, eventId: string): Promise<void>;
  /**
   * Work may be waiting (an event was just recorded on this engine, an attempt freed its endpoint's
   * slot, a batch was full): the worker need not wait for its next tick.
   */
  wake(): void;
  /** Starts the engine's background worker (an unref'd timer); the recorder's `stopRetention` stops it. */
  start(auth: AuthContext): void;
  /** Ends the worker: no tick starts; settles once the running tick and its attempts have finished. */
  stop(): Promise<void>;
}
