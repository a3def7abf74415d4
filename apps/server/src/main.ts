import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './start-server.ts';

try {
  const config = loadConfig();
  const server = await startServer(config);
  const stop = () => {
    console.log(
      `gatehouse: shutting down; requests in flight get ${config.shutdownGraceSeconds} s to finish`,
    );
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('gatehouse: shutdown failed:', error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`gatehouse: configuration error: ${problem}`);
  } else {
    console.error('gatehouse: failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
}
