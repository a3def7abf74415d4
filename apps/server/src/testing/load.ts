import { randomBytes } from 'node:crypto';

/** One answer the load saw: its status (0 when the connection failed) and how long it took. */
export interface Answer {
  step: string;
  status: number;
  ms: number;
}

/** The cookies a response set, as one Cookie header (name=value pairs only). */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
}

/**
 * Light, steady traffic against a product server: each worker signs up a new person, creates an
 * organization for them and reads the session, over and over. Every answer is recorded, and so is
 * every write the server acknowledged (answered 200), so a test can check none was lost.
 */
export function startLoad(url: string, origin: string, workers = 3) {
  const answers: Answer[] = [];
  const acknowledged = { users: [] as string[], organizations: [] as string[] };
  const tag = randomBytes(3).toString('hex');
  let running = true;

  const call = async (step: string, path: string, init: RequestInit): Promise<Response | undefined> => {
    const start = performance.now();
    try {
      const response = await fetch(`${url}/api/auth${path}`, {
        ...init,
        signal: AbortSignal.timeout(15_000),
      });
      await response.clone().arrayBuffer();
      answers.push({ step, status: response.status, ms: performance.now() - start });
      return response;
    } catch {
      answers.push({ step, status: 0, ms: performance.now() - start });
      return undefined;
    }
  };

  const work = async (worker: number) => {
    for (let round = 0; running; round++) {
      const email = `load-${tag}-${worker}-${round}@example.com`;
      const headers = { 'content-type': 'application/json', origin };
      const signUp = await call('sign-up', '/sign-up/email', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Load', email, password: 'correct horse battery' }),
      });
      if (signUp?.status === 200) {
        acknowledged.users.push(email);
        const cookie = cookiesOf(signUp);
        const slug = `org-${tag}-${worker}-${round}`;
        const created = await call('create-organization', '/organization/create', {
          method: 'POST',
          headers: { ...headers, cookie },
          body: JSON.stringify({ name: 'Load Org', slug }),
        });
        if (created?.status === 200) acknowledged.organizations.push(slug);
        await call('get-session', '/get-session', { headers: { cookie } });
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const done = Promise.all(Array.from({ length: workers }, (_, worker) => work(worker)));
  return {
    answers,
    acknowledged,
    /** Answers recorded from now on. */
    mark: () => answers.length,
    async stop() {
      running = false;
      await done;
    },
  };
}
