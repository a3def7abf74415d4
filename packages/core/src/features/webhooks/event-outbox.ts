import type { AuthContext } from '../../context.ts';
import type { EventOutbox } from '../../ports/event-outbox.ts';

/** The work one tick does; the worker runs it at most once at a time. */
export type Tick = (auth: AuthContext) => Promise<unknown>;

/** The longest wait between ticks (docs/protocol/webhooks.md#7-delivery-retries-ordering: first attempt within 5 s). */
export const TICK_MS = 1000;

/**
 * The webhooks feature's outbox port (`ports.eventOutbox`), one per engine: the outbox row written
 * with each event, and the worker's loop — an unref'd timer, never two ticks at once, woken early
 * when an event is recorded here.
 */
export function eventOutbox(tick: Tick): EventOutbox {
  let auth: AuthContext | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;

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
    running = true;
    try {
      await tick(engine);
    } catch (error) {
      engine.options.logError('Could not deliver webhooks', error);
    } finally {
      running = false;
    }
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
    stop() {
      auth = undefined;
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
