import type { NextFunction, Request, Response } from 'express';
import { ApiError, problemBody } from './api-error';

/**
 * Refuses an upload bigger than the request limit before reading it: at once
 * from Content-Length, or as soon as a chunked body passes the limit. The
 * connection is closed so the rest of the body is never read.
 */
export function limitRequestSize(maxBytes: number) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'POST' || !req.path.startsWith('/api/')) return next();
    const refuse = () => {
      if (res.headersSent) return;
      const error = ApiError.requestTooLarge(maxBytes);
      res.status(413).setHeader('Connection', 'close');
      res.type('application/problem+json').send(JSON.stringify(problemBody(error, req.path)));
      req.unpipe();
      req.resume();
    };
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) return refuse();
    // Other bodies (JSON) go through body parsers with their own small limits.
    if (!req.is('multipart/form-data')) return next();

    // A chunked body has no length up front: count it as it streams. Listening
    // to 'data' would start the flow before multer is attached and lose chunks,
    // so the stream is paused again; multer's pipe resumes it for both readers.
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) {
        refuse();
        req.destroy();
      }
    });
    req.pause();
    next();
  };
}
