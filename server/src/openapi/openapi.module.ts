import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import type { AnyTool } from '@folio/registry';
import type { ServerConfig } from '../config';
import { buildOpenApiDocument } from './openapi-document';
import { OPENAPI_DOCUMENT, OpenApiController } from './openapi.controller';
import { PIPELINE_OPERATIONS, PipelineOperationsController, pipelineOperations } from './pipeline-operations';

/** Serves the OpenAPI document of the registered tools, the API reference page built on it, and the pipeline's operations. */
@Module({})
export class OpenApiModule {
  static register(options: { tools: readonly AnyTool[]; config: ServerConfig }): DynamicModule {
    const { version } = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { version: string };
    // Built once: the registry does not change while the server runs.
    const document = JSON.stringify(buildOpenApiDocument({ ...options, version }));
    return {
      module: OpenApiModule,
      controllers: [OpenApiController, PipelineOperationsController],
      providers: [
        { provide: OPENAPI_DOCUMENT, useValue: document },
        { provide: PIPELINE_OPERATIONS, useValue: JSON.stringify(pipelineOperations(options.tools, options.config)) },
      ],
    };
  }
}
