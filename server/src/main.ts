import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { loadConfig } from './config';
import { sweepWorkspaces } from './workspace/sweeper';

/**
 * One request's fault must never end the server and every job in flight with
 * it: an error nothing caught is logged, and serving goes on. (Each such log
 * line is a bug to fix, with a test.)
 */
function keepServingOnStrayErrors(logger: Logger): void {
  const report = (kind: string) => (error: unknown) =>
    logger.error(`${kind}; the server keeps serving: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.on('uncaughtException', report('Uncaught exception'));
  process.on('unhandledRejection', report('Unhandled rejection'));
}

async function main(): Promise<void> {
  const logger = new Logger('Folio');
  keepServingOnStrayErrors(logger);
  const config = loadConfig();
  const app = await createApp(config);
  await app.listen(config.port);
  logger.log(`Serving the web app and API on http://localhost:${config.port}`);

  // Graceful shutdown: stop accepting, let in-flight jobs finish up to the grace
  // period, then make sure no upload outlives the process.
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: finishing in-flight requests (up to ${config.shutdownGraceMs} ms)`);
    const force = setTimeout(() => {
      logger.warn('Grace period over: stopping now');
      sweepWorkspaces(config.workDir, 0);
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    app
      .close()
      .then(() => {
        sweepWorkspaces(config.workDir, 0);
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error(error instanceof Error ? error.message : String(error));
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
