import type { AuthContext } from '../../context.ts';
import type { EventOutbox } from '../../ports/event-outbox.ts';

/** The work one tick does, answering the attempts it left in flight; run at most once at a time. */
export type Tick = (auth: AuthContext) => Promise<readonly Promise<void>[]>;

/** The longest wait between ticks (docs/protocol/webhooks.md#7-delivery-retries-ordering: first attempt within 5 s). */
export const TICK_MS = 1000;

/**
 * The webhooks feature's outbox port (`ports.eventOutbox`), one per engine: the outbox row written
 * with each event, and the worker's loop — an unref'd timer, never two ticks at once, woken early
 * when an event is recorded here. A stop lets the tick and the attempts in flight finish, so a
 * shutdown records their answers instead of sending them again after the lease.
 */
export function eventOutbox(tick: Tick): EventOutbox {
  let auth: AuthContext | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const inFlight = new Set<Promise<void>>();

  const schedule = (delay: number) => {
    if (!auth) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(run, delay);
    timer.unref();
  };
  const run = async () => {
    timer = undefined;
    const engine = auth;
    if (!engine) return;
    if (running) {
      again = true;
      return;
    }
    running = tick(engine).then(
      (started) => {
        for (const attempt of started) {
          inFlight.add(attempt);
          void attempt.finally(() => inFlight.delete(attempt));
        }
      },
      (error) => engine.options.logError('Could not deliver webhooks', error),
    );
    await running;
    running = undefined;
    schedule(again ? 0 : TICK_MS);
    again = false;
  };

  return {
    async writeWith(db, eventId) {
      await db
        .insertInto('webhookOutbox')
        .values({ eventId, createdAt: new Date(auth?.options.now() ?? Date.now()).toISOString() })
        .execute();
    },
    wake() {
      if (running) again = true;
      else schedule(0);
    },
    start(engine) {
      if (auth) return;
      auth = engine;
      schedule(0);
    },
    async stop() {
      auth = undefined;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
      await Promise.all(inFlight);
    },
  };
}
