import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { LogLevel } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type { AnyTool } from '@folio/registry';
import { AppModule } from './app.module';
import type { ServerConfig } from './config';
import { ApiExceptionFilter } from './http/api-exception.filter';

export interface CreateAppOptions {
  tools?: readonly AnyTool[];
  logger?: LogLevel[] | false;
}

/** Builds the whole server (API + web app) without listening; main.ts and the tests share it. */
export async function createApp(config: ServerConfig, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.create(config, options.tools), {
    logger: options.logger ?? ['error', 'warn', 'log'],
  });
  app.disable('x-powered-by');
  app.use(securityHeaders);
  app.useGlobalFilters(new ApiExceptionFilter());
  // Hashed assets never change; index.html is served by WebAppController with no-cache.
  app.useStaticAssets(config.webDir, { index: false, maxAge: '1y', immutable: true, fallthrough: true });
  app.enableShutdownHooks();
  await app.init();
  return app;
}

function securityHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'SAMEORIGIN');
  next();
}
