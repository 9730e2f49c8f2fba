import type { AnyTool } from '@folio/registry';
import { NetworkError, parseHeaders, sendMultipart, type MultipartResponse } from './send-multipart';

/** Where a job stands, as GET /api/v1/general/job/{id} answers (server/src/jobs/job.ts). */
export interface JobProgressView {
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  complete: boolean;
  queuePosition: number | null;
  progress: {
    fraction: number;
    stage: string;
    steps?: { title: string; items: { name: string; state: 'waiting' | 'running' | 'done' | 'failed' }[] }[];
  };
}

/** A run this large is sent as a job whatever the tool: its upload alone may take a while, and its work longer. */
export const JOB_THRESHOLD_BYTES = 20 * 1024 * 1024;

/** Whether the page sends this run as an async job: the tool may take long, or the files are large. */
export function runsAsJob(tool: Pick<AnyTool, 'longRunning'>, files: readonly File[]): boolean {
  return tool.longRunning === true || files.reduce((sum, file) => sum + file.size, 0) >= JOB_THRESHOLD_BYTES;
}

/** How often the page asks how a job is doing: every request short, none held open (proxies cut long ones). */
const POLL_MS = 700;

interface JobRunOptions {
  signal: AbortSignal;
  onUploadProgress(fraction: number): void;
  /** Each new status while the job waits and runs. */
  onStatus(status: JobProgressView): void;
}

/**
 * Sends a tool request with `async=true`, follows the job until it ends and
 * answers with its result as the synchronous request would have been answered
 * (a refusal before queueing comes back as it is). Aborting cancels the job
 * on the server (its engines are stopped, its files removed).
 */
export async function runJob(endpoint: string, form: FormData, { signal, onUploadProgress, onStatus }: JobRunOptions): Promise<MultipartResponse> {
  const queued = await sendMultipart(`${endpoint}?async=true`, form, { signal, onUploadProgress });
  const jobId = queued.ok ? await jobIdOf(queued) : null;
  if (!jobId) return queued;
  const base = `/api/v1/general/job/${encodeURIComponent(jobId)}`;
  const cancel = () => void fetch(base, { method: 'DELETE', keepalive: true }).catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      if (signal.aborted) throw new NetworkError('The job was cancelled.');
      const status = await readStatus(base, signal);
      if (status) {
        onStatus(status);
        if (status.complete) break;
      }
      await pause(POLL_MS, signal);
    }
    const response = await fetch(`${base}/result`, { signal, cache: 'no-store' });
    return {
      ok: response.ok,
      status: response.status,
      body: await response.blob(),
      contentType: response.headers.get('Content-Type') ?? '',
      contentDisposition: response.headers.get('Content-Disposition'),
      headers: parseHeaders([...response.headers].map(([name, value]) => `${name}: ${value}`).join('\r\n')),
    };
  } catch (error) {
    if (signal.aborted) throw new NetworkError('The job was cancelled.');
    throw error;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
}

async function jobIdOf(response: MultipartResponse): Promise<string | null> {
  if (!response.contentType.includes('json')) return null;
  try {
    const body = JSON.parse(await response.body.text()) as { async?: unknown; jobId?: unknown };
    return body.async === true && typeof body.jobId === 'string' ? body.jobId : null;
  } catch {
    return null;
  }
}

/** The job's status, or null for a poll that missed (the next one makes up for it). */
async function readStatus(base: string, signal: AbortSignal): Promise<JobProgressView | null> {
  try {
    const response = await fetch(base, { signal, cache: 'no-store' });
    if (response.status === 404) throw new Error('The job is gone from the server.');
    return response.ok ? ((await response.json()) as JobProgressView) : null;
  } catch (error) {
    if (signal.aborted || (error instanceof Error && error.message.startsWith('The job is gone'))) throw error;
    return null;
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
