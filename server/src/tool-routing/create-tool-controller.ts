import { randomUUID } from 'node:crypto';
import { BadRequestException, Controller, Get, Post, Req, Res, UseInterceptors, type CallHandler, type ExecutionContext, type Type } from '@nestjs/common';
import { AnyFilesInterceptor } from '@nestjs/platform-express';
import { diskStorage } from 'multer';
import type { Request, Response } from 'express';
import { maxFilesPerRequest, maxPartsPerRequest, pascalCase, toolForOperation } from '@folio/registry';
import type { ServerConfig } from '../config';
import { ApiError } from '../http/api-error';
import type { ToolBinding } from '../tool-execution/processor-discovery';
import { requestWorkspace } from './request-workspace';
import { ToolRequests } from './tool-requests';

/**
 * Builds the controller of one endpoint from the declarations of the tools on it
 * (usually one; Extract Pages shares Organise's route). Nest reads routes only
 * from decorators, so they are applied here, in code, once for every endpoint.
 */
export function createToolController(route: readonly ToolBinding[], config: ServerConfig): Type<unknown> {
  // Every tool on a route has the route's endpoint.
  const endpoint = route[0].tool.endpoint;
  const maxFiles = Math.max(...route.map((b) => maxFilesPerRequest(b.tool.input, config.maxFiles)));
  // One part more than allowed still reaches the runner, whose answer names the field that got too many.
  const maxParts = Math.max(...route.map((b) => maxPartsPerRequest(b.tool, config.maxFiles))) + 1;
  const multer = AnyFilesInterceptor({
    // Uploads stream straight to the request's workspace, never into memory.
    storage: diskStorage({
      destination: (req, _file, done) => done(null, requestWorkspace(req, config.workDir).dir),
      filename: (_req, _file, done) => done(null, `${randomUUID()}.upload`),
    }),
    limits: {
      fileSize: config.maxUploadBytes,
      files: maxParts,
      fields: 1000,
      fieldSize: 1024 * 1024,
    },
  });
  // Multer stops reading at this route's file limit; say that limit, not the server-wide one.
  class Upload extends multer {
    override async intercept(context: ExecutionContext, next: CallHandler) {
      try {
        return await super.intercept(context, next);
      } catch (error) {
        if (error instanceof BadRequestException && error.message === 'Too many files') throw ApiError.tooManyFiles(maxFiles);
        throw error;
      }
    }
  }

  const routeTools = route.map((b) => b.tool);

  @Controller()
  class ToolController {
    constructor(private readonly requests: ToolRequests) {}

    @Post(endpoint)
    @UseInterceptors(Upload)
    handle(@Req() req: Request, @Res() res: Response): Promise<void> {
      // A sharing tool when the body carries one of its fields, else the owner (as a pipeline step chooses).
      const tool = toolForOperation(routeTools, endpoint, (req.body ?? {}) as Record<string, unknown>)!;
      return this.requests.handle(tool, req, res);
    }

    @Get(endpoint)
    refuseGet(): never {
      throw ApiError.methodNotAllowed('GET');
    }
  }

  Object.defineProperty(ToolController, 'name', { value: `${pascalCase(endpoint.split('/').pop()!)}Controller` });
  return ToolController;
}
