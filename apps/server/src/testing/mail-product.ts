import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ReceivedMail, type SmtpTestServer, startSmtpTestServer } from '@gatehouse/core/testing';
import { loadConfig } from '../config.ts';
import type { RunningServer } from '../start-server.ts';
import { browserFetch } from './browser-fetch.ts';
import { startCheckedServer } from './checked-server.ts';
import { freePort } from './free-port.ts';

/** The product server sending real mail to a test SMTP server, for tests that read the messages. */
export interface Product {
  baseURL: string;
  smtp: SmtpTestServer;
  close(): Promise<void>;
}

export async function startProduct(env: Record<string, string>): Promise<Product> {
  const smtp = await startSmtpTestServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-mail-'));
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const server: RunningServer = await startCheckedServer(
    loadConfig({
      PORT: String(port),
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      AUTH_SECRET: 'mail-product-test-secret-0123456789abcdef',
      RATE_LIMIT: 'off',
      GEOIP: 'off',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Gatehouse <no-reply@gatehouse.test>',
      ...env,
    }),
    () => {},
  );
  return {
    baseURL,
    smtp,
    async close() {
      try {
        await server.close();
      } finally {
        await smtp.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** A browser with its own cookies and user agent. */
export function browser(product: Product, userAgent: string) {
  const jar = browserFetch(product.baseURL);
  const call = (path: string, body?: unknown) =>
    jar.fetch(`${product.baseURL}/api/auth${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'user-agent': userAgent, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const open = (url: string) => jar.fetch(url, { headers: { 'user-agent': userAgent }, redirect: 'manual' });
  return { call, open };
}

/** The first message to `address` with this subject, received already or soon. */
export const mailTo = (product: Product, address: string, subject: string): Promise<ReceivedMail> =>
  product.smtp.waitFor((m) => m.to.includes(address) && m.subject === subject);
