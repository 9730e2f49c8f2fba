import 'reflect-metadata';
import { join, resolve, sep } from 'node:path';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LogLevel } from '@nestjs/common';
import type { AnyTool } from '@folio/registry';
import { AppModule } from './app.module';
import type { ServerConfig } from './config';
import { guardContactRequests } from './contact/contact-request-guard';
import { configureEngineLimits } from './engines/process';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { compressedStatic } from './http/compressed-static';
import { logRequests } from './http/request-log';
import { limitRequestSize } from './http/request-size';
import { securityHeaders } from './http/security-headers';
import { closeSlowClients } from './http/slow-clients';
import { checkConfinement } from './engines/confinement';
import { reapEnginesWhenServerDies, removeFoldersOfDeadServers } from './engines/lifecycle';
import { startWorkspaceSweeper, sweepOrphanedFolders, WORK_FOLDER_KINDS } from './workspace/sweeper';

export interface CreateAppOptions {
  tools?: readonly AnyTool[];
  /** Where processors are discovered; tests point it at fixtures. */
  processorsDir?: string;
  logger?: LogLevel[] | false;
}

/** Builds the whole server (API + web app) without listening; main.ts and the tests share it. */
export async function createApp(config: ServerConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  // Refuse to serve rather than run engines unconfined (engines/confinement.ts).
  checkConfinement();
  removeFoldersOfDeadServers();
  reapEnginesWhenServerDies();
  configureEngineLimits({ concurrency: config.engineConcurrency, maxQueue: config.engineQueue, pageMs: config.enginePageMs, memoryMb: config.engineMemoryMb });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.create(config, options.tools, options.processorsDir), {
    logger: options.logger ?? ['error', 'warn', 'log'],
  });
  app.disable('x-powered-by');
  // req.ip (the contact form's rate limit) believes X-Forwarded-For only from these proxies.
  app.set('trust proxy', config.trustProxy);
  app.use(securityHeaders(config));
  // A streamed answer has a dozen 'close' listeners (log, clean-up, abort, upload parser, stream pipeline): not a leak.
  app.use((_req: unknown, res: { setMaxListeners(n: number): void }, next: () => void) => {
    res.setMaxListeners(32);
    next();
  });
  app.use(logRequests);
  app.use(limitRequestSize(config.maxRequestBytes));
  // Before app.init() adds Nest's body parsers: it reads the contact body itself, with its own limit.
  app.use(guardContactRequests(config));
  app.useGlobalFilters(new ApiExceptionFilter(config));
  // Vite's hashed assets and pdf.js's versioned folder never change; the rest of
  // web/public (the favicon, Auto Split's divider sheet) may, so it is revalidated.
  // index.html is served by WebAppController with no-cache.
  const versioned = ['assets', 'pdfjs'].map((folder) => join(resolve(config.webDir), folder) + sep);
  const cacheControl = (path: string) => (versioned.some((folder) => path.startsWith(folder)) ? 'public, max-age=31536000, immutable' : 'no-cache');
  // The build's Brotli and gzip copies first, to clients that take them; the files themselves otherwise.
  app.use(compressedStatic(config.webDir, { cacheControl }));
  app.useStaticAssets(config.webDir, {
    index: false,
    fallthrough: true,
    setHeaders: (res: { setHeader(name: string, value: string): void }, path: string) => res.setHeader('Cache-Control', cacheControl(path)),
  });

  closeSlowClients(app.getHttpServer(), config);
  // A server that crashed left its request folders: they go now, not at the age limit.
  sweepOrphanedFolders(config.workDir, WORK_FOLDER_KINDS);
  const stopSweeper = startWorkspaceSweeper(config.workDir, config.workspaceMaxAgeMs);
  await app.init();
  const close = app.close.bind(app);
  app.close = async () => {
    stopSweeper();
    await close();
  };
  return app;
}
