import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: Record<string, string>;
}

type Handler = (request: RecordedRequest) => { status?: number; body: unknown };

export interface ProviderTestServer {
  url: string;
  /** Every request, in order, with its parsed form body. */
  requests: RecordedRequest[];
  /** Answers `METHOD /path` with what the handler returns. */
  route(method: string, path: string, handler: Handler): void;
  /** An id token signed with this server's key (published at `/jwks`). */
  signIdToken(claims: JWTPayload, options?: { expiresIn?: string; kid?: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * A stand-in for providers that cannot run here (GitHub, Discord, GitLab, Google, Microsoft, Apple):
 * a node:http server on loopback answering like each provider's documented API — token endpoint,
 * profile endpoints, and a key set at `/jwks` for the id tokens it signs. Only the OpenID flow
 * has a real peer (oidc-provider); these providers' wire formats are what the tests pin down.
 */
export async function startProviderTestServer(): Promise<ProviderTestServer> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const kid = 'test-key-1';
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const routes = new Map<string, Handler>([['GET /jwks', () => ({ body: { keys: [jwk] } })]]);
  const requests: RecordedRequest[] = [];

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        headers: req.headers,
        form: Object.fromEntries(new URLSearchParams(raw)),
      };
      requests.push(recorded);
      const handler = routes.get(`${recorded.method} ${recorded.path}`);
      const answer = handler ? handler(recorded) : { status: 404, body: { error: 'not_found' } };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    route: (method, path, handler) => routes.set(`${method} ${path}`, handler),
    signIdToken: (claims, options = {}) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: options.kid ?? kid });
      // Claims given by the test win, so it can sign stale or odd tokens.
      if (claims.iat === undefined) jwt.setIssuedAt();
      if (claims.exp === undefined) jwt.setExpirationTime(options.expiresIn ?? '10m');
      return jwt.sign(privateKey);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
