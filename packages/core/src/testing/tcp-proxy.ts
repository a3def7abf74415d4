import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';

/**
 * A TCP proxy a fault test controls, standing between the engine and PostgreSQL or Redis so an
 * outage can be staged without touching the shared servers:
 * - `cut()`: every open connection is reset and new ones are reset on arrival (a server that is
 *   down, or a restart that dropped every session);
 * - `hang()`: connections stay open but nothing flows either way, and new ones are accepted and
 *   left waiting (a network partition, a paused host);
 * - `restore()`: traffic flows again; held connections resume where they stopped.
 */
export interface TcpProxy {
  port: number;
  /** `url` with its host and port replaced by the proxy's. */
  through(url: string): string;
  cut(): void;
  hang(): void;
  restore(): void;
  /** How many client connections are open right now. */
  openConnections(): number;
  close(): Promise<void>;
}

type Mode = 'open' | 'cut' | 'hang';

interface Pair {
  client: Socket;
  upstream: Socket | undefined;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: Mode = 'open';
  const pairs = new Set<Pair>();

  const end = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream?.destroy();
  };

  // Data is moved by hand rather than with pipe(): pipe() resumes a paused source on drain,
  // which would let bytes through a hung link.
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => {
      if (!to.write(chunk)) from.pause();
    });
    to.on('drain', () => {
      if (mode === 'open') from.resume();
    });
  };

  const link = (pair: Pair) => {
    const upstream = tcpConnect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => end(pair));
    upstream.on('close', () => end(pair));
    forward(pair.client, upstream);
    forward(upstream, pair.client);
    pair.client.resume();
  };

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    const pair: Pair = { client, upstream: undefined };
    client.on('error', () => end(pair));
    client.on('close', () => end(pair));
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    pairs.add(pair);
    if (mode === 'open') link(pair);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    through(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.toString();
    },
    cut() {
      mode = 'cut';
      for (const pair of [...pairs]) {
        pair.client.resetAndDestroy();
        end(pair);
      }
    },
    hang() {
      mode = 'hang';
      for (const pair of pairs) {
        pair.client.pause();
        pair.upstream?.pause();
      }
    },
    restore() {
      mode = 'open';
      for (const pair of pairs) {
        if (!pair.upstream) link(pair);
        else {
          pair.client.resume();
          pair.upstream.resume();
        }
      }
    },
    openConnections: () => pairs.size,
    async close() {
      for (const pair of [...pairs]) end(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
