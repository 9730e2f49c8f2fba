import { Controller, Get, Header, Inject } from '@nestjs/common';
import { optionsJsonSchema, pipelineStepBlocker, type AnyTool } from '@folio/registry';
import type { ServerConfig } from '../config';

export const PIPELINE_OPERATIONS = Symbol('PIPELINE_OPERATIONS');

/**
 * Every registered tool as a pipeline operation, with its options as JSON Schema
 * (the schema the OpenAPI document describes its fields with), so any client can
 * build step forms. Tools that cannot be steps are listed with the reason.
 */
export function pipelineOperations(tools: readonly AnyTool[], config: Pick<ServerConfig, 'maxFiles'>): Record<string, unknown>[] {
  return tools.map((tool) => {
    const blocked = pipelineStepBlocker(tool);
    return {
      operation: tool.endpoint,
      tool: tool.id,
      title: tool.title,
      category: tool.category,
      accepts: tool.input.accept,
      // Takes all the files reaching it at once (Merge, Overlay), rather than one at a time.
      combinesFiles: Boolean(tool.input.combine || tool.pipelineInput),
      ...(tool.sharesEndpoint ? { whenAnyParameter: tool.sharesEndpoint.whenAnyField } : {}),
      ...(blocked ? { unavailable: blocked } : {}),
      parameters: optionsJsonSchema(tool, config.maxFiles),
    };
  });
}

/** `GET /api/v1/pipeline/operations`: what a pipeline step may be. */
@Controller('api/v1/pipeline')
export class PipelineOperationsController {
  constructor(@Inject(PIPELINE_OPERATIONS) private readonly operations: string) {}

  @Get('operations')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  list(): string {
    return this.operations;
  }
}
