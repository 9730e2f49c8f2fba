import request from 'supertest';
import type { TestServer } from './test-server';

export interface Upload {
  name: string;
  /** Multipart field; `fileInput` unless stated. e.g. 'stampImage' */
  field?: string;
  content: Buffer;
  contentType?: string;
}

export interface ToolResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Parsed JSON body, for error answers. */
  json: any;
  /** The file name in Content-Disposition, URL-decoded. */
  fileName?: string;
}

/** POSTs a multipart tool request the way API clients do: files under `fileInput` (or their own field), options as text. */
export async function postTool(
  server: TestServer,
  endpoint: string,
  files: Upload[],
  fields: Record<string, string | number | boolean> = {},
): Promise<ToolResponse> {
  let req = request(server.http).post(endpoint);
  for (const [key, value] of Object.entries(fields)) req = req.field(key, String(value));
  for (const file of files)
    req = req.attach(file.field ?? 'fileInput', file.content, { filename: file.name, contentType: file.contentType ?? 'application/pdf' });
  if (files.length === 0 && Object.keys(fields).length === 0) req = req.field('nothing', '');
  const res = await req.buffer(true).parse((response, done) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => done(null, Buffer.concat(chunks)));
  });
  const body = res.body as Buffer;
  const disposition = res.headers['content-disposition'] as string | undefined;
  const match = disposition ? /filename="([^"]*)"/.exec(disposition) : null;
  let json: unknown;
  try {
    json = JSON.parse(body.toString('utf8'));
  } catch {
    json = undefined;
  }
  return {
    status: res.status,
    headers: res.headers as Record<string, string>,
    body,
    json,
    fileName: match ? decodeURIComponent(match[1]) : undefined,
  };
}
