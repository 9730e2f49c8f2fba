import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { All, Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { tools } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../config';
import { ApiError } from '../http/api-error';
import { webAppPages } from './web-app-pages';

// Every registered tool, whatever subset a test server runs: the built app has a page for each.
const isWebAppPage = webAppPages(tools);

/**
 * Serves the single-page app for every path no other route took, so client-side
 * routes work on reload: with 200 where the app has a page, with 404 elsewhere
 * (the app then shows its not-found page), so crawlers and link checkers see
 * what a visitor sees. Unknown `/api/...` paths get a JSON 404 instead.
 * Registered last, so it never shadows a real route.
 */
@Controller()
export class WebAppController {
  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  @Get('{*path}')
  page(@Req() req: Request, @Res() res: Response): void {
    if (isApiPath(req.path)) throw ApiError.notFound(req.path);
    const index = join(this.config.webDir, 'index.html');
    if (!existsSync(index)) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm start` (or `npm run build`).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.status(isWebAppPage(req.path) ? 200 : 404).sendFile(index);
  }

  @All('{*path}')
  other(@Req() req: Request): never {
    throw ApiError.notFound(req.path);
  }
}

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
