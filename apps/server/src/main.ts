import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './start-server.ts';

try {
  const server = await startServer(loadConfig());
  const stop = () => {
    server.close().then(() => process.exit(0));
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
