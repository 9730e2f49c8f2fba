import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LogLevel } from '@nestjs/common';
import type { AnyTool } from '@folio/registry';
import { AppModule } from './app.module';
import type { ServerConfig } from './config';
import { configureEngineLimits } from './engines/process';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { logRequests } from './http/request-log';
import { limitRequestSize } from './http/request-size';
import { securityHeaders } from './http/security-headers';
import { startWorkspaceSweeper } from './tools/workspace-sweeper';

export interface CreateAppOptions {
  tools?: readonly AnyTool[];
  /** Where processors are discovered; tests point it at fixtures. */
  processorsDir?: string;
  logger?: LogLevel[] | false;
}

/** Builds the whole server (API + web app) without listening; main.ts and the tests share it. */
export async function createApp(config: ServerConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  configureEngineLimits(config.engineConcurrency, config.engineQueue);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.create(config, options.tools, options.processorsDir), {
    logger: options.logger ?? ['error', 'warn', 'log'],
  });
  app.disable('x-powered-by');
  app.use(securityHeaders);
  app.use(logRequests);
  app.use(limitRequestSize(config.maxRequestBytes));
  app.useGlobalFilters(new ApiExceptionFilter(config));
  // Hashed assets never change; index.html is served by WebAppController with no-cache.
  app.useStaticAssets(config.webDir, { index: false, maxAge: '1y', immutable: true, fallthrough: true });

  const stopSweeper = startWorkspaceSweeper(config.workDir, config.workspaceMaxAgeMs);
  await app.init();
  const close = app.close.bind(app);
  app.close = async () => {
    stopSweeper();
    await close();
  };
  return app;
}
