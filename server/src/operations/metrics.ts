import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { engineRestarts } from '../engines/lifecycle';

/** How a job ended, as the metrics count it. */
export type JobOutcome = 'ok' | 'no_content' | 'client_error' | 'server_error' | 'cancelled';

/**
 * Prometheus metrics of this process (`GET /metrics`): jobs by tool and
 * outcome, their durations, the queue's depth, engine restarts, and Node's own.
 * Every node exposes its own; Prometheus adds them up.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();
  private readonly jobs: Counter<'tool' | 'outcome'>;
  private readonly durations: Histogram<'tool'>;
  /** Set by the job queue once it exists (it is built after this). */
  private queueDepth: () => Promise<number> = async () => 0;

  constructor() {
    const depth = () => this.queueDepth();
    collectDefaultMetrics({ register: this.registry, prefix: 'folio_' });
    this.jobs = new Counter({ name: 'folio_jobs_total', help: 'Jobs run, by tool and outcome.', labelNames: ['tool', 'outcome'], registers: [this.registry] });
    this.durations = new Histogram({
      name: 'folio_job_duration_seconds',
      help: 'Time from a job being sent to its end, by tool.',
      labelNames: ['tool'],
      buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
      registers: [this.registry],
    });
    new Gauge({
      name: 'folio_queue_depth',
      help: 'Jobs waiting for a worker.',
      registers: [this.registry],
      async collect() {
        this.set(await depth().catch(() => 0));
      },
    });
    new Gauge({
      name: 'folio_engine_restarts',
      help: 'Restarts of long-lived engines (office suite, browser) since this process started.',
      labelNames: ['engine'],
      registers: [this.registry],
      collect() {
        for (const [engine, count] of engineRestarts()) this.set({ engine }, count);
      },
    });
  }

  measureQueue(depth: () => Promise<number>): void {
    this.queueDepth = depth;
  }

  jobEnded(tool: string, outcome: JobOutcome, startedAt: number): void {
    this.jobs.inc({ tool, outcome });
    this.durations.observe({ tool }, (Date.now() - startedAt) / 1000);
  }
}

/** The outcome of a job that ended with `status` (200 a file, 204 nothing, else an error). */
export function outcomeOf(status: number): JobOutcome {
  if (status === 200) return 'ok';
  if (status === 204) return 'no_content';
  if (status === 410) return 'cancelled';
  return status < 500 ? 'client_error' : 'server_error';
}
