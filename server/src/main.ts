import { Logger } from '@nestjs/common';
import { createApp } from './app';
import { loadConfig } from './config';
import { sweepWorkspaces } from './tools/workspace-sweeper';

async function main(): Promise<void> {
  const logger = new Logger('Folio');
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
