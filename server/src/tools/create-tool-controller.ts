import { randomUUID } from 'node:crypto';
import { Controller, Get, Inject, Post, Req, Res, UseInterceptors, type Type } from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import { diskStorage } from 'multer';
import type { Request, Response } from 'express';
import type { AnyTool } from '@folio/registry';
import type { ServerConfig } from '../config';
import { ApiError } from '../http/api-error';
import type { Processor } from './processor';
import { ToolRunner } from './tool-runner';
import { requestWorkspace } from './workspace';

/**
 * Builds the controller of one tool from its declaration. Nest reads routes only
 * from decorators, so they are applied here, in code, once for every tool.
 */
export function createToolController(tool: AnyTool, processorClass: Type<Processor>, config: ServerConfig): Type<unknown> {
  const upload = AnyFilesInterceptor({
    // Uploads stream straight to the request's workspace, never into memory.
    storage: diskStorage({
      destination: (req, _file, done) => done(null, requestWorkspace(req, config.workDir).dir),
      filename: (_req, _file, done) => done(null, `${randomUUID()}.upload`),
    }),
    limits: {
      fileSize: config.maxUploadBytes,
      files: tool.input.multiple ? config.maxFiles : 1,
      fields: 1000,
      fieldSize: 1024 * 1024,
    },
  });

  @Controller()
  class ToolController {
    constructor(
      private readonly runner: ToolRunner,
      @Inject(processorClass) private readonly processor: Processor,
    ) {}

    @Post(tool.endpoint)
    @UseInterceptors(upload)
    handle(@Req() req: Request, @Res() res: Response): Promise<void> {
      return this.runner.run(tool, this.processor, req, res);
    }

    @Get(tool.endpoint)
    refuseGet(): never {
      throw ApiError.methodNotAllowed('GET');
    }
  }

  Object.defineProperty(ToolController, 'name', { value: `${pascalCase(tool.id)}ToolController` });
  return ToolController;
}

function pascalCase(id: string): string {
  return id.replace(/(^|-)([a-z0-9])/g, (_, __, ch: string) => ch.toUpperCase());
}
