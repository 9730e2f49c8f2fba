import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { percentile } from './measure';

const REPO = resolve(__dirname, '../..');

/**
 * What scaling out costs and gives: a fixed mixed workload's jobs per minute
 * with one worker and with two (on this one machine, so two workers share its
 * cores), and a small job's latency through Redis against the embedded queue.
 */
export interface JobsBench {
  workload: string;
  jobsPerMinuteOneWorker: number;
  jobsPerMinuteTwoWorkers: number;
  smallJobP50MsEmbedded: number;
  smallJobP50MsRedis: number;
  redisOverheadP50Ms: number;
}

interface Node {
  child: ChildProcess;
  base: string;
}

export async function benchJobs(dir: string, inputs: { small: Buffer; medium: Buffer }): Promise<JobsBench> {
  const redisPort = 26000 + Math.floor(Math.random() * 1000);
  const redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: 'ignore',
  });
  const nodes: Node[] = [];
  const start = async (name: string, env: Record<string, string>) => {
    const node = await startNode(join(dir, name), env);
    nodes.push(node);
    return node;
  };
  try {
    await untilRedisAnswers(redisPort);
    const shared = join(dir, 'shared');
    mkdirSync(shared, { recursive: true });
    const cluster = {
      FOLIO_REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      FOLIO_SHARED_DIR: shared,
      FOLIO_MAX_QUEUED_JOBS: '500',
      FOLIO_MAX_CONCURRENT_JOBS: '2',
    };

    const embedded = await start('embedded', {});
    const smallJobP50MsEmbedded = await smallJobP50(embedded.base, inputs.small);
    stop(embedded);

    const api = await start('api', { ...cluster, FOLIO_ROLE: 'api' });
    await start('worker-1', { ...cluster, FOLIO_ROLE: 'worker' });
    const smallJobP50MsRedis = await smallJobP50(api.base, inputs.small);
    const jobsPerMinuteOneWorker = await mixedJobsPerMinute(api.base, inputs);
    await start('worker-2', { ...cluster, FOLIO_ROLE: 'worker' });
    const jobsPerMinuteTwoWorkers = await mixedJobsPerMinute(api.base, inputs);
    return {
      workload: `${MIXED_TOTAL} jobs (rotate, merge, split, compress of a 40-page PDF) from ${MIXED_CLIENTS} clients, each worker 2 jobs at once`,
      jobsPerMinuteOneWorker,
      jobsPerMinuteTwoWorkers,
      smallJobP50MsEmbedded,
      smallJobP50MsRedis,
      redisOverheadP50Ms: smallJobP50MsRedis - smallJobP50MsEmbedded,
    };
  } finally {
    nodes.forEach(stop);
    redis.kill('SIGTERM');
  }
}

const MIXED_TOTAL = 80;
const MIXED_CLIENTS = 8;

async function mixedJobsPerMinute(base: string, inputs: { small: Buffer; medium: Buffer }): Promise<number> {
  const kinds: { endpoint: string; files: Buffer[]; fields: Record<string, string> }[] = [
    { endpoint: '/api/v1/general/rotate-pdf', files: [inputs.medium], fields: { angle: '90' } },
    { endpoint: '/api/v1/general/merge-pdfs', files: [inputs.small, inputs.medium], fields: {} },
    { endpoint: '/api/v1/general/split-pages', files: [inputs.medium], fields: { pageNumbers: '2n' } },
    { endpoint: '/api/v1/misc/compress-pdf', files: [inputs.medium], fields: { optimizeLevel: '3' } },
  ];
  let next = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: MIXED_CLIENTS }, async () => {
      while (next < MIXED_TOTAL) {
        const kind = kinds[next++ % kinds.length];
        const status = await post(base, kind.endpoint, kind.files, kind.fields);
        if (status !== 200) throw new Error(`${kind.endpoint}: HTTP ${status}`);
      }
    }),
  );
  return Math.round((MIXED_TOTAL / (Date.now() - started)) * 60_000);
}

/** Rotate of a 5-page PDF, one request at a time: the queue's own cost shows against the embedded path. */
async function smallJobP50(base: string, pdf: Buffer, runs = 30): Promise<number> {
  const latencies: number[] = [];
  for (let i = 0; i < runs + 3; i++) {
    const started = Date.now();
    const status = await post(base, '/api/v1/general/rotate-pdf', [pdf], { angle: '90' });
    if (status !== 200) throw new Error(`rotate: HTTP ${status}`);
    if (i >= 3) latencies.push(Date.now() - started); // the first runs warm up
  }
  latencies.sort((a, b) => a - b);
  return percentile(latencies, 50);
}

async function post(base: string, endpoint: string, files: Buffer[], fields: Record<string, string>): Promise<number> {
  const form = new FormData();
  files.forEach((file, i) => form.append('fileInput', new Blob([new Uint8Array(file)], { type: 'application/pdf' }), `in-${i}.pdf`));
  Object.entries(fields).forEach(([k, v]) => form.append(k, v));
  const response = await fetch(`${base}${endpoint}`, { method: 'POST', body: form });
  await response.arrayBuffer();
  return response.status;
}

async function startNode(dir: string, env: Record<string, string>): Promise<Node> {
  const port = 27000 + Math.floor(Math.random() * 2000);
  const child = spawn('node', [join(REPO, 'server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), FOLIO_WORK_DIR: join(dir, 'work'), FOLIO_DATA_DIR: join(dir, 'data'), ...env },
    stdio: 'ignore',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/health/live`)).ok) return { child, base };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`node in ${dir} did not start`);
}

function stop(node: Node): void {
  node.child.kill('SIGTERM');
}

async function untilRedisAnswers(port: number): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const ok = await new Promise<boolean>((done) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        done(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => done(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}
