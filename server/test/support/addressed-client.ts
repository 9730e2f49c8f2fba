import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';

/**
 * HTTP from a chosen loopback address (127.0.0.2, 127.0.0.3 ...): the server
 * trusts no proxy by default, so the connection's own address is the client
 * address its per-client limits count. Each request has a connection of its own.
 */

export interface AddressedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body as JSON, or undefined. */
  json: any;
}

export interface AddressedUpload {
  name: string;
  content: Buffer;
  field?: string;
  contentType?: string;
}

/** Sends a multipart tool request from `from` and reads the whole answer. */
export function postFrom(from: string, url: string, files: AddressedUpload[], fields: Record<string, string> = {}): Promise<AddressedResponse> {
  const boundary = `folio-${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'fileInput'}"; filename="${file.name}"\r\nContent-Type: ${file.contentType ?? 'application/pdf'}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return send(from, url, 'POST', Buffer.concat(parts), { 'Content-Type': `multipart/form-data; boundary=${boundary}` });
}

export function getFrom(from: string, url: string): Promise<AddressedResponse> {
  return send(from, url, 'GET');
}

/** An open GET (an event stream): resolves once the answer's head has come; `close` hangs up. */
export function openFrom(from: string, url: string): Promise<{ status: number; headers: IncomingHttpHeaders; response: IncomingMessage; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { localAddress: from, agent: false }, (response) => {
      resolve({ status: response.statusCode ?? 0, headers: response.headers, response, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

function send(from: string, url: string, method: string, body?: Buffer, headers: Record<string, string> = {}): Promise<AddressedResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method, localAddress: from, agent: false, headers: body ? { ...headers, 'Content-Length': String(body.length) } : headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const all = Buffer.concat(chunks);
          let json: unknown;
          try {
            json = JSON.parse(all.toString('utf8'));
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: all, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
