import { checkedAuth } from '@gatehouse/core/testing';
import type { Config } from '../config.ts';
import type { LogOutput } from '../observability/logger.ts';
import { type RunningServer, startServer } from '../start-server.ts';

/**
 * The product server as `startServer` starts it, with every answer of the engine checked against
 * the engine's OpenAPI document (content type, status, body schema): `close()` throws when one
 * drifted, so the suite fails. Every product test starts its servers through this.
 */
export async function startCheckedServer(config: Config, output?: LogOutput): Promise<RunningServer> {
  let assertConforms = () => {};
  const server = await startServer(config, output, async (auth) => {
    const checked = await checkedAuth(auth);
    assertConforms = checked.assertConforms;
    return checked.auth;
  });
  return {
    ...server,
    async close() {
      await server.close();
      assertConforms();
    },
  };
}
