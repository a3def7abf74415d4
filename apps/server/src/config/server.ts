import { resolve } from 'node:path';
import { type Env, parseHttpOrigin, variableReader } from './variables.ts';

/** Where the server listens, how it is reached and named, and where it keeps its files. */
export interface ServerConfig {
  port: number;
  baseURL: string;
  dataDir: string;
  production: boolean;
  /** Seconds requests in flight get to finish after SIGTERM before their connections are ended. */
  shutdownGraceSeconds: number;
  /** Headers a trusted proxy sets with the client IP (e.g. x-forwarded-for); default none. */
  ipAddressHeaders: string[];
  /** The product's name in authenticator apps (the TOTP issuer) and the WebAuthn relying party's name. */
  appName: string;
}

/** Reads NODE_ENV, PORT, BASE_URL, DATA_DIR, SHUTDOWN_GRACE, IP_ADDRESS_HEADERS and APP_NAME. */
export function readServer(env: Env, problems: string[]): ServerConfig {
  const read = variableReader(env, problems);
  const port = read.value('PORT', 3000, parsePort, 'a port number from 1 to 65535');
  return {
    port,
    baseURL: read.value(
      'BASE_URL',
      `http://localhost:${port}`,
      parseBaseURL,
      'an http(s) origin without a path, such as https://auth.example.com',
    ),
    dataDir: resolve(env.DATA_DIR || './data'),
    production: env.NODE_ENV === 'production',
    shutdownGraceSeconds: read.seconds('SHUTDOWN_GRACE', 10),
    ipAddressHeaders: read.value(
      'IP_ADDRESS_HEADERS',
      [] as string[],
      (raw) => {
        const names = raw
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean);
        return names.every((h) => /^[a-z0-9-]+$/.test(h)) ? names : undefined;
      },
      'comma-separated header names such as x-forwarded-for',
    ),
    appName: read.value(
      'APP_NAME',
      'Gatehouse',
      parseAppName,
      'a name of 1 to 64 characters without control characters',
    ),
  };
}

function parsePort(raw: string): number | undefined {
  const port = Number(raw);
  return /^\d+$/.test(raw) && port >= 1 && port <= 65535 ? port : undefined;
}

/** The engine is always mounted at /api/auth under this origin, so a path would be ignored: refuse it. */
function parseBaseURL(raw: string): string | undefined {
  const origin = parseHttpOrigin(raw);
  return origin && raw.replace(/\/+$/, '') === origin ? origin : undefined;
}

/** Shown in authenticator apps and mail: printable, and short enough for a phone's list. */
function parseAppName(raw: string): string | undefined {
  const name = raw.trim();
  const printable = [...name].every((char) => (char.codePointAt(0) ?? 0) >= 0x20);
  return name.length > 0 && name.length <= 64 && printable ? name : undefined;
}
