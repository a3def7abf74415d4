// `npm run bench:webhooks -- [--db sqlite|postgres] [--endpoints 3] [--rounds 9] [--duration 4]`: what
// webhooks cost. Two Gatehouses on databases of their own, one with WEBHOOKS=on and `--endpoints`
// server-wide endpoints subscribed to every event but webhooks' own at a loopback receiver, one without; sign-ins
// are sent to each in alternating rounds and each server's CPU time per sign-in is read from /proc,
// counting the deliveries a round's events cause until they have all arrived. Then a burst of test
// messages (`/webhooks/send-test`) measures how many deliveries a second one instance sustains.
// Target (bench/README.md#webhooks): a sign-in costs at most 1.10 times as much CPU with the endpoints.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { cpuSeconds, median } from './cpu-time.ts';
import { type BenchDatabase, createDatabase } from './databases.ts';
import { chooseLoadGenerator, runLoad } from './load.ts';
import {
  cookieHeader,
  expectStatus,
  type PreparedUser,
  postJson,
  prepareUsers,
  readSetCookies,
  signIn,
} from './prepare.ts';
import type { HttpRequest } from './scenarios.ts';
import { makeAdmin } from './seed.ts';
import { type RunningServer, startServer } from './servers.ts';

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    db: { type: 'string', default: 'sqlite' },
    endpoints: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '9' },
    duration: { type: 'string', default: '4' },
    connections: { type: 'string', default: '8' },
    users: { type: 'string', default: '8' },
    burst: { type: 'string', default: '3000' },
    'pg-url': { type: 'string' },
  },
});
if (values.db !== 'sqlite' && values.db !== 'postgres') {
  console.error('usage: npm run bench:webhooks -- [--db sqlite|postgres] [--endpoints n] [--rounds n]');
  process.exit(1);
}
const TARGET = 1.1;
const pgUrl = values['pg-url'] ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const generator = chooseLoadGenerator(undefined);
const settings = { connections: Number(values.connections), durationS: Number(values.duration), warmupS: 0 };
const ADMIN_EMAIL = 'bench-webhooks-admin@example.com';
/**
 * What each endpoint subscribes to: every event a sign-in records, but not `webhook.*`, so the test
 * messages of the delivery burst are the only messages it makes (its `webhook.test_sent` events go
 * nowhere).
 */
const SUBSCRIBED = ['user.*', 'session.*', 'account.*', 'organization.*', 'admin.*', 'rate_limit.*'];
const ADMIN_PASSWORD = 'bench-webhooks-admin-password';

/** Answers every message at once and counts them, and when the last one came. */
interface Receiver {
  url: string;
  received: number;
  lastAt: number;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver = { url: '', received: 0, lastAt: 0, close: async () => {} };
  const server: Server = createServer((request: IncomingMessage, response) => {
    request.resume();
    request.on('end', () => {
      receiver.received++;
      receiver.lastAt = performance.now();
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

/** Waits until `expected` messages arrived (at most 60 s); answers when the last one came. */
async function arrivals(receiver: Receiver, expected: number): Promise<number> {
  const deadline = Date.now() + 60_000;
  while (receiver.received < expected) {
    if (Date.now() > deadline)
      throw new Error(`only ${receiver.received} of ${expected} webhook messages arrived`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return receiver.lastAt;
}

/** Signs an operator up, makes them an admin and registers the server-wide endpoints. */
async function subscribe(
  server: RunningServer,
  database: BenchDatabase,
  receiver: Receiver,
  count: number,
): Promise<string[]> {
  const signedUp = await postJson(server.baseUrl, '/api/auth/sign-up/email', {
    name: 'Bench Admin',
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  const { user } = JSON.parse(await expectStatus(signedUp, 200, 'admin sign-up')) as { user: { id: string } };
  await makeAdmin(database, user.id);
  const signedIn = await postJson(server.baseUrl, '/api/auth/sign-in/email', {
    email: ADMIN_EMAIL,
    password: ADMIN_PASSWORD,
  });
  await expectStatus(signedIn, 200, 'admin sign-in');
  const cookie = cookieHeader(readSetCookies(signedIn.headers));
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const created = await postJson(
      server.baseUrl,
      '/api/auth/webhooks/create-endpoint',
      { url: `${receiver.url}/${i}`, events: SUBSCRIBED, description: `bench ${i}` },
      cookie,
    );
    const body = JSON.parse(await expectStatus(created, 200, 'webhooks/create-endpoint')) as {
      endpoint: { id: string };
    };
    ids.push(body.endpoint.id);
  }
  adminCookie = cookie;
  return ids;
}
let adminCookie = '';

const signInRequests = (server: RunningServer, users: readonly PreparedUser[]): HttpRequest[] =>
  users.map((user) => ({
    method: 'POST',
    path: '/api/auth/sign-in/email',
    headers: { 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify({ email: user.email, password: user.password }),
  }));

interface Contender {
  label: string;
  server: RunningServer;
  users: PreparedUser[];
  /** How many messages one sign-in causes at the receiver (0 without webhooks). */
  messagesPerSignIn: number;
  costs: number[];
  rates: number[];
}

async function measure(contender: Contender, receiver: Receiver): Promise<void> {
  const { pid } = contender.server;
  if (pid === undefined) throw new Error(`${contender.label}: no pid`);
  const before = cpuSeconds(pid);
  const receivedBefore = receiver.received;
  const result = await runLoad(
    generator,
    contender.server.baseUrl,
    signInRequests(contender.server, contender.users),
    settings,
  );
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${contender.label}: failed answers`);
  // The round's deliveries are part of what its sign-ins cost: wait for all of them.
  await arrivals(receiver, receivedBefore + result.responses * contender.messagesPerSignIn);
  contender.costs.push(((cpuSeconds(pid) - before) / result.responses) * 1e6);
  contender.rates.push(result.requestsPerSec);
}

/** Messages one sign-in makes: the events of one sign-in, delivered to every endpoint. */
async function messagesPerSignIn(
  contender: Contender,
  receiver: Receiver,
  endpoints: number,
): Promise<number> {
  const before = receiver.received;
  const [user] = contender.users;
  if (user === undefined) throw new Error('--users must be at least 1');
  await signIn(contender.server.baseUrl, user);
  // Nothing else happens on the server meanwhile; one event reaches each endpoint at least.
  await arrivals(receiver, before + endpoints);
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const messages = receiver.received - before;
  if (messages % endpoints !== 0)
    throw new Error(`a sign-in made ${messages} messages for ${endpoints} endpoints`);
  return messages;
}

/**
 * Deliveries a second: `burst` test messages spread over the endpoints, first request to last
 * arrival; and the server's CPU time per message, its send-test request included.
 */
async function deliveryRate(server: RunningServer, receiver: Receiver, endpointIds: string[], burst: number) {
  const { pid } = server;
  if (pid === undefined) throw new Error('the webhooks server has no pid');
  const before = receiver.received;
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < burst) {
      const i = next++;
      const response = await postJson(
        server.baseUrl,
        '/api/auth/webhooks/send-test',
        { endpointId: endpointIds[i % endpointIds.length] },
        adminCookie,
      );
      await expectStatus(response, 200, 'webhooks/send-test');
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const last = await arrivals(receiver, before + burst);
  return {
    perSecond: burst / ((last - started) / 1000),
    cpuMs: ((cpuSeconds(pid) - cpuBefore) / burst) * 1000,
  };
}

const endpointCount = Number(values.endpoints);
const receiver = await startReceiver();
const plainDatabase = await createDatabase(values.db, 'plain', pgUrl);
const hookedDatabase = await createDatabase(values.db, 'webhooks', pgUrl);
const servers: RunningServer[] = [];
try {
  const plain = await startServer('gatehouse', { cookieCache: false, database: plainDatabase });
  servers.push(plain);
  const hooked = await startServer('gatehouse', {
    cookieCache: false,
    database: hookedDatabase,
    env: { WEBHOOKS: 'on', WEBHOOKS_ALLOW_PRIVATE_URLS: 'on' },
  });
  servers.push(hooked);
  const endpointIds = await subscribe(hooked, hookedDatabase, receiver, endpointCount);
  const users = Number(values.users);
  const contenders: Contender[] = [
    {
      label: 'no webhooks',
      server: plain,
      users: await prepareUsers(plain.baseUrl, users),
      messagesPerSignIn: 0,
      costs: [],
      rates: [],
    },
    {
      label: `${endpointCount} endpoints`,
      server: hooked,
      users: await prepareUsers(hooked.baseUrl, users),
      messagesPerSignIn: 0,
      costs: [],
      rates: [],
    },
  ];
  const [, withHooks] = contenders as [Contender, Contender];
  // The sign-ups above made events too: let their deliveries finish first.
  await new Promise((resolve) => setTimeout(resolve, 3000));
  withHooks.messagesPerSignIn = await messagesPerSignIn(withHooks, receiver, endpointCount);

  console.log(
    `webhooks (${values.db}), ${generator.tool}, ${settings.connections} connections, ${users} users, ` +
      `${endpointCount} endpoints, ${withHooks.messagesPerSignIn} messages per sign-in`,
  );
  const rounds = Number(values.rounds);
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < contenders.length; i++)
      await measure(contenders[(i + round) % contenders.length] as Contender, receiver);
  }
  for (const contender of contenders) {
    console.log(
      `${contender.label.padEnd(24)} ${median(contender.rates).toFixed(0).padStart(6)} sign-ins/s  ` +
        `${(median(contender.costs) / 1000).toFixed(2).padStart(7)} ms CPU per sign-in ` +
        `(rounds: ${contender.costs.map((c) => (c / 1000).toFixed(2)).join(' ')})`,
    );
  }
  const ratio = median(withHooks.costs) / median((contenders[0] as Contender).costs);
  const rate = await deliveryRate(hooked, receiver, endpointIds, Number(values.burst));
  console.log(
    `deliveries to a loopback receiver: ${rate.perSecond.toFixed(0)} a second, ` +
      `${rate.cpuMs.toFixed(2)} ms CPU each with its send-test request (${values.burst} test messages)`,
  );
  const verdict = ratio <= TARGET ? 'PASS' : 'FAIL';
  console.log(
    `${verdict}  sign-in CPU with ${endpointCount} endpoints vs none ≤ ${TARGET} (measured ${ratio.toFixed(3)})`,
  );
  process.exitCode = verdict === 'PASS' ? 0 : 2;
} finally {
  for (const server of servers.reverse()) await server.stop();
  await plainDatabase.drop();
  await hookedDatabase.drop();
  await receiver.close();
}
