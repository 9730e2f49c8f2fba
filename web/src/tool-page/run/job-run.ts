import { ASYNC_PARAMETER, isJobAccepted, jobPath, type JobStatus } from '@folio/registry';
import { NetworkError, parseHeaders, sendMultipart, type MultipartResponse, type SendOptions } from './send-multipart';

/** How often the page asks how a job is doing: every request short, none held open (proxies cut long ones). */
const POLL_MS = 700;

export interface JobRunOptions extends SendOptions {
  /** Each new status while the job waits and runs. */
  onStatus(status: JobStatus): void;
}

/**
 * Sends a tool request with `async=true`, follows the job until it ends and
 * answers with its result as the synchronous request would have been answered
 * (a refusal before queueing comes back as it is). Aborting cancels the job
 * on the server (its engines are stopped, its files removed).
 */
export async function runJob(endpoint: string, form: FormData, { signal, onUploadProgress, onStatus }: JobRunOptions): Promise<MultipartResponse> {
  const queued = await sendMultipart(`${endpoint}?${ASYNC_PARAMETER}=true`, form, { signal, onUploadProgress });
  const jobId = queued.ok ? await jobIdOf(queued) : null;
  if (!jobId) return queued;
  const base = jobPath(jobId);
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
    const response = await fetch(jobPath(jobId, 'result'), { signal, cache: 'no-store' });
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
    const body: unknown = JSON.parse(await response.body.text());
    return isJobAccepted(body) ? body.jobId : null;
  } catch {
    return null;
  }
}

/** The job's status, or null for a poll that missed (the next one makes up for it). */
async function readStatus(base: string, signal: AbortSignal): Promise<JobStatus | null> {
  try {
    const response = await fetch(base, { signal, cache: 'no-store' });
    if (response.status === 404) throw new Error('The job is gone from the server.');
    return response.ok ? ((await response.json()) as JobStatus) : null;
  } catch (error) {
    if (signal.aborted || (error instanceof Error && error.message.startsWith('The job is gone'))) throw error;
    return null;
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
