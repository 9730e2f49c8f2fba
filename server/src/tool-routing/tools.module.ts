import { Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { AnyTool } from '@folio/registry';
import type { ServerConfig } from '../config';
import { stopEngines } from '../engines/lifecycle';
import { ProblemJobFailures } from '../http/job-failures';
import { EmbeddedJobQueue } from '../jobs/embedded-job-queue';
import { JOB_FAILURES, type JobFailures } from '../jobs/job-failures';
import { JOB_QUEUE, type JobQueue } from '../jobs/job-queue';
import { embeddedJobStorage, FolderJobStorage, JOB_STORAGE, type JobStorage } from '../jobs/job-storage';
import { JobWorker } from '../jobs/job-worker';
import { RedisJobQueue } from '../jobs/redis-job-queue';
import { SlotLimiter } from '../jobs/slot-limiter';
import { Metrics } from '../operations/metrics';
import { MetricsListener } from '../operations/metrics-listener';
import { OperationsController } from '../operations/operations.controller';
import { READINESS_CHECKS, type ReadinessCheck } from '../operations/readiness';
import { discoverProcessors, groupByEndpoint, PROCESSORS_DIR } from '../tool-execution/processor-discovery';
import { TOOL_BINDINGS, ToolCatalog } from '../tool-execution/tool-catalog';
import { ToolRunner } from '../tool-execution/tool-runner';
import { createToolController } from './create-tool-controller';
import { JobsController } from './jobs.controller';
import { ProgressController } from './progress.controller';
import { ToolRequests } from './tool-requests';

export interface ToolsModuleOptions {
  tools: readonly AnyTool[];
  config: ServerConfig;
  /** Where `<id>.processor.ts` files live; tests may point elsewhere. */
  processorsDir?: string;
}

/**
 * Wires the three parts of a tool's run: the HTTP edge (one POST route per
 * endpoint, the job and progress endpoints: this folder), the job queue
 * between (jobs/: embedded, or BullMQ on Redis) and the execution core
 * (tool-execution/: the runner, the processors). A worker node
 * (FOLIO_ROLE=worker) has no routes: it only runs queued jobs. On shutdown the
 * queue closes and the engines stop.
 */
@Module({})
export class ToolsModule implements OnApplicationShutdown {
  constructor(@Inject(JOB_QUEUE) private readonly queue: JobQueue) {}

  async onApplicationShutdown(): Promise<void> {
    await this.queue.close();
    await stopEngines();
  }

  static register(options: ToolsModuleOptions): DynamicModule {
    const { config, tools } = options;
    const bindings = discoverProcessors(tools, options.processorsDir ?? PROCESSORS_DIR);
    const takesRequests = config.role !== 'worker';
    const toolControllers = takesRequests ? groupByEndpoint(bindings, (b) => b.tool.endpoint).map((route) => createToolController(route, config)) : [];
    const failures = new ProblemJobFailures((toolId) => tools.find((t) => t.id === toolId)?.endpoint, config);
    return {
      module: ToolsModule,
      providers: [
        ToolRunner,
        ToolCatalog,
        JobWorker,
        ToolRequests,
        Metrics,
        MetricsListener,
        { provide: TOOL_BINDINGS, useValue: bindings },
        { provide: JOB_FAILURES, useValue: failures },
        // Embedded: job folders sit beside request folders (the sweeper and shutdown clear both). Redis: in the folder every node shares.
        { provide: JOB_STORAGE, useValue: config.redisUrl ? new FolderJobStorage(config.sharedDir!) : embeddedJobStorage(config.workDir) },
        {
          provide: JOB_QUEUE,
          inject: [JobWorker, JOB_STORAGE, Metrics],
          useFactory: (worker: JobWorker, storage: JobStorage, metrics: Metrics): JobQueue => {
            const queue = config.redisUrl ? redisQueue(config, takesRequests, worker, storage, failures) : embeddedQueue(config, worker, storage, failures);
            metrics.measureQueue(() => queue.depth());
            return queue;
          },
        },
        {
          provide: READINESS_CHECKS,
          inject: [JOB_QUEUE],
          useFactory: (queue: JobQueue): ReadinessCheck[] => (config.redisUrl ? [{ name: 'redis', up: () => queue.depth().then(() => true) }] : []),
        },
        ...bindings.map((b) => b.processor),
      ],
      controllers: [OperationsController, ...(takesRequests ? [ProgressController, JobsController, ...toolControllers] : [])],
    };
  }
}

function embeddedQueue(config: ServerConfig, worker: JobWorker, storage: JobStorage, failures: JobFailures): EmbeddedJobQueue {
  const slots = new SlotLimiter(config.maxConcurrentJobs, config.maxQueuedJobs, config.maxJobsPerAddress);
  return new EmbeddedJobQueue(worker, slots, storage, failures, config.jobResultTtlMs);
}

function redisQueue(config: ServerConfig, takesRequests: boolean, worker: JobWorker, storage: JobStorage, failures: JobFailures): RedisJobQueue {
  const options = {
    redisUrl: config.redisUrl!,
    api: takesRequests,
    worker: config.role !== 'api',
    concurrency: config.maxConcurrentJobs,
    maxQueued: config.maxQueuedJobs,
    maxPerClient: config.maxJobsPerAddress,
    resultTtlMs: config.jobResultTtlMs,
    lockMs: config.jobLockMs,
  };
  return new RedisJobQueue(options, worker, storage, failures);
}
