import { ASYNC_PARAMETER, isJobAccepted, jobPath, type JobStatus } from '@folio/registry';
import { CliError, EXIT, refusal } from './exit-codes';
import { multipartBody, type Part } from './multipart-body';
import type { Progress } from './progress';
import type { ServerAddress } from './server-address';
import { transportError } from './transport-errors';

/** What one request needs around it: where to send, what to show, how to be stopped, where to say things. */
export interface Exchange {
  server: ServerAddress;
  progress: Progress;
  /** Aborted by Ctrl-C. */
  signal: AbortSignal;
  note(text: string): void;
}

/** Tries of a request the server answers 429 (busy) to, waiting as its Retry-After says. */
const ATTEMPTS = 4;
/** Longest wait between tries, whatever Retry-After says. */
const MOST_WAIT_S = 30;
/** How often a job's status is asked for: every request short, none held open (proxies cut long ones). */
export const POLL_MS = 500;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    function stop() {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Runs a step of the exchange, turning network failures into the run's exits (3 unreachable, 130 cancelled). */
async function network<T>(exchange: Exchange, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (exchange.signal.aborted) throw new CliError(EXIT.interrupted, 'Cancelled.');
    throw transportError(error, exchange.server.base);
  }
}

/** POSTs the parts, with the upload's progress; a 429 is tried again after the wait the server asks for. */
async function post(exchange: Exchange, path: string, parts: readonly Part[], uploaded: () => void): Promise<Response> {
  const body = multipartBody(parts);
  for (let attempt = 1; ; attempt++) {
    let sent = 0;
    const onBytes = (bytes: number) => {
      sent += bytes;
      exchange.progress.uploading(sent, body.length);
      if (sent === body.length) uploaded();
    };
    const response = await network(exchange, () =>
      fetch(exchange.server.url(path), {
        method: 'POST',
        headers: { 'content-type': body.contentType, 'content-length': String(body.length) },
        body: body.stream(onBytes),
        duplex: 'half',
        signal: exchange.signal,
      }),
    );
    if (response.status !== 429 || attempt === ATTEMPTS) return response;
    const wait = Math.min(MOST_WAIT_S, Math.max(1, Number(response.headers.get('retry-after')) || 5));
    await response.body?.cancel();
    exchange.note(`The server is busy; trying again in ${wait} s.`);
    await network(exchange, () => pause(wait * 1000, exchange.signal));
  }
}

/** A synchronous request: the answer is the result (or the refusal). */
export function sendRequest(exchange: Exchange, endpoint: string, parts: readonly Part[]): Promise<Response> {
  return post(exchange, endpoint, parts, () => exchange.progress.waiting());
}

/**
 * An async job (reference §1.2): sent with `async=true`, followed until it ends,
 * then its result fetched, answered as the synchronous request would have been.
 * A refusal before queueing comes back as it is. Ctrl-C cancels the job on the
 * server (DELETE: its engines stopped, its files removed) and exits 130.
 */
export async function runJob(exchange: Exchange, endpoint: string, parts: readonly Part[]): Promise<Response> {
  const answer = await post(exchange, `${endpoint}?${ASYNC_PARAMETER}=true`, parts, () => exchange.progress.queued(null));
  if (!answer.ok || !answer.headers.get('content-type')?.includes('json')) return answer;
  const text = await network(exchange, () => answer.text());
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  // A server that answered at once (the tool's own JSON) has no job to follow.
  if (!isJobAccepted(body)) return new Response(text, { status: answer.status, headers: answer.headers });
  const { jobId } = body;
  try {
    await followJob(exchange, jobId);
    return await network(exchange, () => fetch(exchange.server.url(jobPath(jobId, 'result')), { signal: exchange.signal }));
  } catch (error) {
    if (!exchange.signal.aborted) throw error;
    await cancelJob(exchange.server, jobId);
    throw new CliError(EXIT.interrupted, `Cancelled job ${jobId}.`);
  }
}

/** Polls the job's status until it has ended, showing its place in the queue, then its stage. */
async function followJob(exchange: Exchange, jobId: string): Promise<JobStatus> {
  for (;;) {
    const response = await network(exchange, () => fetch(exchange.server.url(jobPath(jobId)), { signal: exchange.signal }));
    if (response.status === 404) throw refusal(`Job ${jobId} is gone from the server (cancelled, or its result expired).`);
    // Another status (a node restarting, 503) is asked again at the next poll.
    if (response.ok) {
      const status = (await network(exchange, () => response.json())) as JobStatus;
      if (status.complete) return status;
      if (status.state === 'queued') exchange.progress.queued(status.queuePosition);
      else exchange.progress.running(status.progress.fraction, status.progress.stage);
    } else {
      await response.body?.cancel();
    }
    await network(exchange, () => pause(POLL_MS, exchange.signal));
  }
}

/** DELETE for a job the user gave up on; a server that does not answer within a few seconds is left to expire it. */
async function cancelJob(server: ServerAddress, jobId: string): Promise<void> {
  try {
    const response = await fetch(server.url(jobPath(jobId)), { method: 'DELETE', signal: AbortSignal.timeout(5000) });
    await response.body?.cancel();
  } catch {
    // Nothing more to do: the job ends at its own time limit.
  }
}
