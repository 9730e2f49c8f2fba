import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { ServerConfig } from '../config';
import { CONTACT_PATH, contactError } from './contact-reply';
import { isCrossSite } from './same-origin';

/** The largest body accepted: the form's fields at their maximum lengths fit with room to spare. */
export const CONTACT_BODY_LIMIT_BYTES = 32 * 1024;

/**
 * Checks a contact POST before it reaches the controller, and reads its body:
 * 403 for a post from another site's page, 415 for anything but JSON (an
 * HTML form from anywhere can send form-encoded or text/plain bodies without
 * a CORS preflight), 413 past CONTACT_BODY_LIMIT_BYTES, 400 for malformed
 * JSON. It must be mounted before Nest's global body parsers (app.ts does,
 * before app.init()): once it has parsed the body they leave it alone, and
 * their own errors would otherwise reach the exception filter as a 500.
 */
export function guardContactRequests(config: Pick<ServerConfig, 'publicUrl'>): RequestHandler {
  const publicOrigin = config.publicUrl ? new URL(config.publicUrl).origin : undefined;
  // inflate: false, as browsers never compress request bodies and a compressed
  // one would be read up to the limit only after inflating.
  const readJson = express.json({ limit: CONTACT_BODY_LIMIT_BYTES, inflate: false, strict: true });

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'POST' || !isContactPath(req.path)) return next();
    const refuse = (status: number, message: string) => void res.status(status).json(contactError(status, message));

    if (isCrossSite(req, publicOrigin)) return refuse(403, 'Messages can only be sent from the contact page of this site.');
    if (!req.is('application/json')) return refuse(415, 'Send the message as JSON (Content-Type: application/json).');
    readJson(req, res, (error?: unknown) => {
      if (error === undefined) return next();
      const status = statusOf(error);
      if (status === 413) return refuse(413, `The message is too large: at most ${CONTACT_BODY_LIMIT_BYTES / 1024} KB.`);
      if (status === 415) return refuse(415, 'Send the message as uncompressed UTF-8 JSON.');
      if (status !== undefined && status < 500) return refuse(400, 'The message could not be read: the body is not valid JSON.');
      next(error);
    });
  };
}

/**
 * Matched here rather than by mounting at CONTACT_PATH, which would hide the
 * full path from the request log; like Express's routing, case and a trailing
 * slash do not matter.
 */
function isContactPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === CONTACT_PATH || lower.startsWith(`${CONTACT_PATH}/`);
}

/** The HTTP status body-parser attached to its error, if any. */
function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}
