// The machine's ceiling: bare node:http answering each measured route with a constant body of the
// same size and type as Gatehouse's real answer, so the report can show Gatehouse as a fraction of
// what a Node process on this machine can serve at all. The orchestrator passes the answers in
// BARE_ANSWERS (JSON: { "<METHOD> <path>": { contentType, body } }).
import { createServer } from 'node:http';

interface Answer {
  contentType: string;
  body: string;
}

const port = Number(process.env.PORT);
const answers = new Map<string, { headers: Record<string, string | number>; body: Buffer }>();
for (const [key, answer] of Object.entries(
  JSON.parse(process.env.BARE_ANSWERS ?? '{}') as Record<string, Answer>,
)) {
  const body = Buffer.from(answer.body);
  answers.set(key, { body, headers: { 'content-type': answer.contentType, 'content-length': body.length } });
}

const server = createServer((req, res) => {
  if (req.url === '/ready') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  const answer = answers.get(`${req.method} ${req.url}`);
  if (answer === undefined) {
    res.writeHead(404).end();
    return;
  }
  // A POST body must be read before answering, as a real server would.
  if (req.method === 'POST') {
    req.resume();
    req.on('end', () => res.writeHead(200, answer.headers).end(answer.body));
    return;
  }
  res.writeHead(200, answer.headers).end(answer.body);
});

server.listen(port, '127.0.0.1');
const shutdown = (): void => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
