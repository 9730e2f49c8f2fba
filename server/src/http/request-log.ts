import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

const logger = new Logger('Request');

/**
 * One structured line per API request: what, how it ended, how big, how long.
 * Never file contents, file names or option values (they may be passwords).
 */
export function logRequests(req: Request, res: Response, next: NextFunction): void {
  if (!req.path.startsWith('/api/')) return next();
  const started = process.hrtime.bigint();
  let logged = false;
  const log = () => {
    if (logged) return;
    logged = true;
    const line = {
      method: req.method,
      path: req.path,
      status: res.writableFinished ? res.statusCode : 499, // 499: the client went away first
      bytesIn: Number(req.headers['content-length'] ?? 0),
      bytesOut: Number(res.getHeader('content-length') ?? 0),
      ms: Math.round(Number(process.hrtime.bigint() - started) / 1e6),
    };
    logger.log(JSON.stringify(line));
  };
  res.once('finish', log);
  res.once('close', log);
  next();
}
