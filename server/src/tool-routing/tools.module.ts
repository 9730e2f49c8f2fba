import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { AnyTool } from '@folio/registry';
import type { ServerConfig } from '../config';
import { stopEngines } from '../engines/lifecycle';
import { JobProgressController } from '../job-progress/job-progress.controller';
import { JobProgress } from '../job-progress/job-progress';
import { EmbeddedJobQueue } from '../jobs/embedded-job-queue';
import { JobExecutor } from '../jobs/job-executor';
import { JOB_QUEUE, type JobQueue } from '../jobs/job-queue';
import { JobRequests } from '../jobs/job-requests';
import { FolderJobStorage, JOB_STORAGE, type JobStorage } from '../jobs/job-storage';
import { JobsController } from '../jobs/jobs.controller';
import { RedisJobQueue } from '../jobs/redis-job-queue';
import { Metrics } from '../operations/metrics';
import { MetricsListener } from '../operations/metrics-listener';
import { OperationsController } from '../operations/operations.controller';
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

/**
 * One POST route per registered tool, each dispatching to its processor; the
 * job queue those routes and the job endpoints share; health and metrics.
 * A worker node (FOLIO_ROLE=worker) has no tool or job routes: it only runs
 * queued jobs. On shutdown the queue closes and the engines stop.
 */
@Module({})
export class ToolsModule implements OnApplicationShutdown {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await stopEngines();
  }

  static register(options: ToolsModuleOptions): DynamicModule {
    const { config } = options;
    const bindings = discoverProcessors(options.tools, options.processorsDir ?? PROCESSORS_DIR);
    const takesRequests = config.role !== 'worker';
    const toolControllers = takesRequests ? groupByEndpoint(bindings, (b) => b.tool.endpoint).map((route) => createToolController(route, config)) : [];
    return {
      module: ToolsModule,
      providers: [
        ToolRunner,
        ToolCatalog,
        JobProgress,
        JobExecutor,
        JobRequests,
        Metrics,
        MetricsListener,
        { provide: TOOL_BINDINGS, useValue: bindings },
        // Embedded: job folders sit beside request folders (the sweeper and shutdown clear both). Redis: in the folder every node shares.
        { provide: JOB_STORAGE, useValue: new FolderJobStorage(config.redisUrl ? config.sharedDir! : config.workDir) },
        {
          provide: JOB_QUEUE,
          inject: [JobExecutor, ToolRunner, JOB_STORAGE, Metrics],
          useFactory: (executor: JobExecutor, runner: ToolRunner, storage: JobStorage, metrics: Metrics): JobQueue => {
            const queue = config.redisUrl
              ? new RedisJobQueue(
                  {
                    redisUrl: config.redisUrl,
                    api: takesRequests,
                    worker: config.role !== 'api',
                    concurrency: config.maxConcurrentJobs,
                    maxQueued: config.maxQueuedJobs,
                    maxPerClient: config.maxJobsPerAddress,
                    resultTtlMs: config.jobResultTtlMs,
                    lockMs: config.jobLockMs,
                  },
                  executor,
                  storage,
                )
              : new EmbeddedJobQueue(executor, runner.slots, storage, config.jobResultTtlMs);
            metrics.measureQueue(() => queue.depth());
            return queue;
          },
        },
        ...bindings.map((b) => b.processor),
      ],
      controllers: [OperationsController, ...(takesRequests ? [JobProgressController, JobsController, ...toolControllers] : [])],
    };
  }
}
