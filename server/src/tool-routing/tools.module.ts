import { Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { AnyTool } from '@folio/registry';
import type { ServerConfig } from '../config';
import { stopEngines } from '../engines/lifecycle';
import { JobProgressController } from '../job-progress/job-progress.controller';
import { JobProgress } from '../job-progress/job-progress';
import { createToolController } from './create-tool-controller';
import { discoverProcessors, groupByEndpoint, PROCESSORS_DIR } from './processor-discovery';
import { TOOL_BINDINGS, ToolCatalog } from './tool-catalog';
import { ToolRunner } from './tool-runner';

export interface ToolsModuleOptions {
  tools: readonly AnyTool[];
  config: ServerConfig;
  /** Where `<id>.processor.ts` files live; tests may point elsewhere. */
  processorsDir?: string;
}

/** One POST route per registered tool, each dispatching to its processor; stops the engines they started. */
@Module({})
export class ToolsModule implements OnApplicationShutdown {
  async onApplicationShutdown(): Promise<void> {
    await stopEngines();
  }

  static register(options: ToolsModuleOptions): DynamicModule {
    const bindings = discoverProcessors(options.tools, options.processorsDir ?? PROCESSORS_DIR);
    return {
      module: ToolsModule,
      providers: [ToolRunner, ToolCatalog, JobProgress, { provide: TOOL_BINDINGS, useValue: bindings }, ...bindings.map((b) => b.processor)],
      controllers: [JobProgressController, ...groupByEndpoint(bindings, (b) => b.tool.endpoint).map((route) => createToolController(route, options.config))],
    };
  }
}
