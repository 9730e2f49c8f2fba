export interface MultipartResponse {
  ok: boolean;
  status: number;
  body: Blob;
  contentType: string;
  contentDisposition: string | null;
  /** Every response header, names in lower case (a result view may read some: Compress PDF's sizes). */
  headers?: Readonly<Record<string, string>>;
}

export interface SendOptions {
  signal: AbortSignal;
  /** Share of the upload sent so far, 0 to 1. */
  onUploadProgress(fraction: number): void;
}

/** Thrown when the request never got an answer (offline, server down, aborted). */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

/**
 * POSTs a multipart form and resolves with the response as a Blob, whatever its
 * status. XMLHttpRequest rather than fetch: only XHR reports upload progress.
 */
export function sendMultipart(url: string, form: FormData, { signal, onUploadProgress }: SendOptions): Promise<MultipartResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.responseType = 'blob';

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(event.loaded / event.total);
    };
    xhr.onload = () =>
      resolve({
        ok: xhr.status >= 200 && xhr.status < 300,
        status: xhr.status,
        body: xhr.response as Blob,
        contentType: xhr.getResponseHeader('Content-Type') ?? '',
        contentDisposition: xhr.getResponseHeader('Content-Disposition'),
        headers: parseHeaders(xhr.getAllResponseHeaders()),
      });
    xhr.onerror = () => reject(new NetworkError(`POST ${url} failed before a response arrived.`));
    xhr.ontimeout = () => reject(new NetworkError(`POST ${url} timed out.`));
    xhr.onabort = () => reject(new NetworkError(`POST ${url} was cancelled.`));

    if (signal.aborted) return reject(new NetworkError(`POST ${url} was cancelled.`));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** `getAllResponseHeaders()`'s lines as a map, names in lower case. */
export function parseHeaders(all: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of all.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}
