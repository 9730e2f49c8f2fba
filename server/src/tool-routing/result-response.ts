import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import type { JobFailure } from '../jobs/job';
import { contentDisposition } from './content-disposition';

/** A result file as it is answered: its bytes and what the headers say about them. */
export interface ResultResponse {
  stream: Readable;
  size: number;
  fileName: string;
  contentType: string;
  headers?: Readonly<Record<string, string>>;
}

/** A tool's file answer, the same whether it comes straight from a request or later from a job. */
export async function sendResult(res: Response, result: ResultResponse): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', result.contentType);
  res.setHeader('Content-Length', String(result.size));
  res.setHeader('Content-Disposition', contentDisposition(result.fileName));
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Access-Control-Expose-Headers', ['Content-Disposition', ...Object.keys(result.headers ?? {})].join(', '));
  await pipeline(result.stream, res);
}

/** A failed job's answer: the status, problem JSON and headers the exception filter sends for the same error. */
export function sendFailure(res: Response, failure: JobFailure): void {
  for (const [name, value] of Object.entries(failure.headers ?? {})) res.setHeader(name, value);
  // Problem JSON for every known problem (a 503, a timeout's 500 too); the reference's plain JSON for an unexpected 500.
  res
    .status(failure.status)
    .type('type' in failure.body ? 'application/problem+json' : 'application/json')
    .send(JSON.stringify(failure.body));
}
