// Sign-in is bound by one scrypt per request, so its fair target is the machine's scrypt rate, measured
// in the same run: as many hashes in flight as libuv has threads, with the parameters Gatehouse uses
// (packages/core/src/crypto/password.ts) — Better Auth uses the same ones.
import { randomBytes, scrypt } from 'node:crypto';

const PARAMS = { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 64;
const IN_FLIGHT = Number(process.env.UV_THREADPOOL_SIZE ?? 4);

export async function measureScryptCeiling(durationS: number): Promise<number> {
  const salt = randomBytes(16).toString('hex');
  const deadline = Date.now() + durationS * 1000;
  const started = Date.now();
  let done = 0;
  const worker = async (): Promise<void> => {
    while (Date.now() < deadline) {
      await new Promise<void>((resolve, reject) =>
        scrypt('bench password', salt, KEY_LENGTH, PARAMS, (error) => (error ? reject(error) : resolve())),
      );
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return done / ((Date.now() - started) / 1000);
}
