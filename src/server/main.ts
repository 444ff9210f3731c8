import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { DataDirLockedError } from './platform/data-lock.ts';

/** Process entry: config, app, listen, graceful shutdown on SIGTERM and SIGINT. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  let app;
  try {
    app = await buildApp(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`Cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      // Answers every request already sent, then closes sockets, live channel, jobs and database.
      await app.shutdown.drain();
      await app.close();
      app.log.info('stopped');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Gestionale is running at ${config.appUrl}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
