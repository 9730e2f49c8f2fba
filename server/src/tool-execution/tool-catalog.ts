import { Inject, Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { toolForOperation, type AnyTool } from '@folio/registry';
import type { Processor } from './processor';
import type { ToolBinding } from './processor-discovery';

/** Injection token of the registered tools' bindings. */
export const TOOL_BINDINGS = Symbol('TOOL_BINDINGS');

/**
 * The registered tools and their processors, for code that runs a tool other
 * than by its route (a pipeline's steps).
 */
@Injectable()
export class ToolCatalog {
  readonly tools: readonly AnyTool[];

  constructor(
    @Inject(TOOL_BINDINGS) private readonly bindings: readonly ToolBinding[],
    private readonly modules: ModuleRef,
  ) {
    this.tools = bindings.map((binding) => binding.tool);
  }

  /** The tool an operation (an endpoint) runs with these options, as its route would choose it. */
  toolFor(operation: string, parameters: Readonly<Record<string, unknown>>): AnyTool | undefined {
    return toolForOperation(this.tools, operation, parameters);
  }

  processorOf(tool: AnyTool): Processor {
    const binding = this.bindings.find((b) => b.tool.id === tool.id);
    if (!binding) throw new Error(`No processor is registered for tool "${tool.id}".`);
    return this.modules.get<Processor>(binding.processor, { strict: false });
  }
}
