import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './observability/logger.ts';
import { readObservability } from './observability/observability-config.ts';
import { startServer } from './start-server.ts';

// Failures to start go to stderr, as LOG_LEVEL and LOG_FORMAT say (or their defaults) when the
// configuration that holds them is the thing that failed.
const startupLogger = createLogger(
  readObservability(process.env, process.env.NODE_ENV === 'production', []),
  (line) => process.stderr.write(`${line}\n`),
);

try {
  const config = loadConfig();
  const server = await startServer(config);
  const stop = () => {
    server.logger.info(`shutting down; requests in flight get ${config.shutdownGraceSeconds} s to finish`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.logger.fatal({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
} catch (error) {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) startupLogger.fatal(`configuration error: ${problem}`);
  } else {
    startupLogger.fatal({ err: error }, 'failed to start');
  }
  process.exit(1);
}
