import { dirname, join } from 'node:path';
import { Controller, Get, Header, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError } from '../http/api-error';
import { DOCS_HTML, DOCS_SCRIPT, DOCS_STYLE } from './docs-page';

export const OPENAPI_DOCUMENT = Symbol('OPENAPI_DOCUMENT');

const SWAGGER_UI_DIR = dirname(require.resolve('swagger-ui-dist/package.json'));

/** Only these files of swagger-ui-dist are served; nothing else in node_modules is reachable. */
const SWAGGER_UI_FILES = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);

/** `GET /api/openapi.json` (the document) and `GET /api/docs` (the reference page and its assets). */
@Controller('api')
export class OpenApiController {
  constructor(@Inject(OPENAPI_DOCUMENT) private readonly document: string) {}

  @Get('openapi.json')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  openapi(): string {
    return this.document;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  docs(): string {
    return DOCS_HTML;
  }

  @Get('docs/assets/:file')
  asset(@Param('file') file: string, @Res() res: Response): void {
    if (file === 'folio-docs.js') {
      res.type('text/javascript').setHeader('Cache-Control', 'no-cache');
      res.send(DOCS_SCRIPT);
      return;
    }
    if (file === 'folio-docs.css') {
      res.type('text/css').setHeader('Cache-Control', 'no-cache');
      res.send(DOCS_STYLE);
      return;
    }
    if (!SWAGGER_UI_FILES.has(file)) throw ApiError.notFound(`/api/docs/assets/${file}`);
    res.sendFile(join(SWAGGER_UI_DIR, file), { maxAge: '1d' });
  }
}
