/**
 * Answers finished during one turn of the event loop, sent together at its end (`setImmediate`
 * runs once the turn has handled every socket that was ready).
 *
 * Each answer is still one `writeHead` and one `end` on its own connection; what changes is when.
 * Sent as each request finished, every answer could wake the client (or the proxy in front) on
 * its own, and under load that wake-up, paid inside the server's `writev`, was the largest single
 * cost of a get-session answer on a virtual machine (`perf record -g` on the server under the
 * bench's load: 14% of its samples in the kernel's `sock_def_readable`). Sent back to back, one
 * wake-up serves several answers: `npm run bench:cost -- "get-session (cookie cache off)"` went from
 * 57.4 to 34.5 µs of CPU per answer, and from 17,262 to 28,649 req/s. An answer waits at most for
 * the rest of its turn; with nothing else ready, that is at once, so a lone request is not slowed.
 */
let batch: (() => void)[] | undefined;

function sendBatch(): void {
  const sends = batch ?? [];
  batch = undefined;
  for (const send of sends) send();
}

/** Runs `send` at the end of this turn; settles as it did (a throw rejects, it never escapes). */
export function sendAtTurnEnd(send: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    if (batch === undefined) {
      batch = [];
      setImmediate(sendBatch);
    }
    batch.push(() => {
      try {
        send();
        resolve();
      } catch (error) {
        reject(error);
      }
    });
  });
}
