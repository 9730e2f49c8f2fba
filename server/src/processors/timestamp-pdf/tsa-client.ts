import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { InvalidInputError } from '../../refusals/input-errors';

/**
 * Sends one RFC 3161 request (RFC 3161 §3.4, HTTP transport) from the server
 * itself: engines have no network. Bounded like every outbound call of a
 * public service should be: one deadline for connecting and answering, no
 * redirects followed, an answer of at most MAX_RESPONSE_BYTES.
 */

/** Real timestamp responses are a few KB (the token and the authority's chain). */
export const MAX_RESPONSE_BYTES = 1024 * 1024;

/** Any failure of the exchange: the authority down, slow, redirecting, answering too much or with an error. */
export class TsaExchangeError extends InvalidInputError {}

export async function askTimestampAuthority(url: URL, query: Buffer, timeoutMs: number, signal?: AbortSignal): Promise<Buffer> {
  const where = url.host;
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<Buffer>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | undefined, body?: Buffer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(body!);
    };
    const req = send(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/timestamp-query', Accept: 'application/timestamp-reply', 'Content-Length': query.length },
    });
    const timer = setTimeout(
      () => finish(new TsaExchangeError(`The timestamp authority ${where} did not answer within ${Math.round(timeoutMs / 1000)} s.`)),
      timeoutMs,
    );
    const onAbort = () => finish(new TsaExchangeError('The request was cancelled.'));
    signal?.addEventListener('abort', onAbort);
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish(new TsaExchangeError(`The timestamp authority ${where} could not be reached (${error.code ?? error.message}).`)),
    );
    req.on('response', (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.resume();
        const redirect = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
        finish(new TsaExchangeError(`The timestamp authority ${where} answered HTTP ${status}${redirect}.`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_RESPONSE_BYTES) finish(new TsaExchangeError(`The timestamp authority ${where} answered more than ${MAX_RESPONSE_BYTES / 1024} KB.`));
        else chunks.push(chunk);
      });
      response.on('end', () => finish(undefined, Buffer.concat(chunks)));
      response.on('error', () => finish(new TsaExchangeError(`The timestamp authority ${where} broke off its answer.`)));
    });
    req.end(query);
  });
}
