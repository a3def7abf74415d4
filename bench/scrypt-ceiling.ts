// Sign-in is bound by one scrypt per request, so its fair target is the machine's scrypt rate, measured
// in the same run: as many hashes in flight as libuv has threads, with the parameters Gatehouse uses
// (packages/core/src/crypto/password.ts) — Better Auth uses the same ones.
import { randomBytes, scrypt } from 'node:crypto';

const PARAMS = { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 64;
const IN_FLIGHT = Number(process.env.UV_THREADPOOL_SIZE ?? 4);

export interface HashRound {
  /** Hashes finished before the deadline. */
  hashes: number;
  seconds: number;
}

/**
 * One round of `durationS`, counted the way the load generator counts a server's responses: hashes
 * still running at the deadline are finished (so the next round starts on an idle pool) but not
 * counted, exactly as wrk drops the requests in flight when its time is up. Counting them here would
 * credit the ceiling with work the sign-in figure is never credited with.
 */
export async function measureScryptRound(durationS: number): Promise<HashRound> {
  const salt = randomBytes(16).toString('hex');
  const started = Date.now();
  const deadline = started + durationS * 1000;
  let hashes = 0;
  const worker = async (): Promise<void> => {
    while (Date.now() < deadline) {
      await new Promise<void>((resolve, reject) =>
        scrypt('bench password', salt, KEY_LENGTH, PARAMS, (error) => (error ? reject(error) : resolve())),
      );
      if (Date.now() <= deadline) hashes += 1;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return { hashes, seconds: durationS };
}

/** Hashes per second over all rounds, as `combineRounds` adds up a server's rounds. */
export function hashesPerSecond(rounds: HashRound[]): number {
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  return seconds > 0 ? rounds.reduce((sum, round) => sum + round.hashes, 0) / seconds : 0;
}
