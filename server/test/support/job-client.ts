/**
 * A script's view of the job API over real HTTP (fetch): send a tool request
 * with `async=true`, follow its events, read its status and result.
 */

export interface SentFile {
  name: string;
  content: Buffer;
  field?: string;
}

export async function sendTool(baseUrl: string, endpoint: string, files: SentFile[], fields: Record<string, string> = {}, query = ''): Promise<Response> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append(file.field ?? 'fileInput', new Blob([new Uint8Array(file.content)], { type: 'application/pdf' }), file.name);
  return fetch(`${baseUrl}${endpoint}${query}`, { method: 'POST', body: form });
}

/** Sends with `async=true` and returns the job id the server answered with. */
export async function sendJob(baseUrl: string, endpoint: string, files: SentFile[], fields: Record<string, string> = {}): Promise<string> {
  const response = await sendTool(baseUrl, endpoint, files, fields, '?async=true');
  const body = (await response.json()) as { async?: boolean; jobId?: string; result?: unknown };
  if (response.status !== 200 || body.async !== true || typeof body.jobId !== 'string')
    throw new Error(`Not queued: ${response.status} ${JSON.stringify(body)}`);
  return body.jobId;
}

export interface JobStatusBody {
  jobId: string;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  complete: boolean;
  queuePosition: number | null;
  progress: { fraction: number; stage: string };
  error: string | null;
  result?: { fileName: string; contentType: string; size: number } | null;
}

export async function jobStatus(baseUrl: string, id: string): Promise<{ status: number; body: JobStatusBody }> {
  const response = await fetch(`${baseUrl}/api/v1/general/job/${id}`);
  return { status: response.status, body: (await response.json()) as JobStatusBody };
}

/** Polls until the job has ended (or `ms` pass). */
export async function untilComplete(baseUrl: string, id: string, ms = 120_000): Promise<JobStatusBody> {
  const end = Date.now() + ms;
  for (;;) {
    const { status, body } = await jobStatus(baseUrl, id);
    if (status === 200 && body.complete) return body;
    if (status !== 200 && status !== 503) throw new Error(`Status of ${id}: ${status} ${JSON.stringify(body)}`);
    if (Date.now() > end) throw new Error(`Job ${id} did not end within ${ms} ms: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function jobResult(baseUrl: string, id: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const response = await fetch(`${baseUrl}/api/v1/general/job/${id}/result`);
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

export interface JobEvent {
  event: string;
  id: number;
  data: JobStatusBody;
}

/** Reads the job's Server-Sent Events until the stream ends (the job ended) or `ms` pass. */
export async function jobEvents(baseUrl: string, id: string, ms = 120_000): Promise<JobEvent[]> {
  const response = await fetch(`${baseUrl}/api/v1/general/job/${id}/events`, { signal: AbortSignal.timeout(ms) });
  if (!response.ok || !response.headers.get('content-type')?.startsWith('text/event-stream')) throw new Error(`No event stream: ${response.status}`);
  const text = await response.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const field = (name: string) =>
        block
          .split('\n')
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2) ?? '';
      return { event: field('event'), id: Number(field('id')), data: JSON.parse(field('data')) as JobStatusBody };
    });
}
