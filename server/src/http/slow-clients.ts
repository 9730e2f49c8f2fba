import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { ApiError, problemBody } from './api-error';

/** Bytes a request body must send per stall window. */
const MIN_BODY_BYTES_PER_WINDOW = 16 * 1024;

/**
 * Closes connections that dribble to hold the server's sockets (slowloris):
 * one that has not sent a whole request's headers within `headersTimeoutMs` of
 * connecting, and a request whose body sends less than 16 KiB in any
 * `bodyStallMs` (answered 408 first when nothing has been answered yet).
 * Node's own headersTimeout covers later requests on a kept-alive connection.
 */
export function closeSlowClients(server: Server, limits: { headersTimeoutMs: number; bodyStallMs: number }): void {
  server.headersTimeout = limits.headersTimeoutMs;
  server.on('connection', (socket: Socket) => {
    const timer = setTimeout(() => socket.destroy(), limits.headersTimeoutMs);
    timer.unref();
    const done = () => clearTimeout(timer);
    socket.once('close', done);
    (socket as Socket & { folioFirstRequest?: () => void }).folioFirstRequest = done;
  });
  server.on('request', (req, res) => {
    const socket = req.socket as Socket & { folioFirstRequest?: () => void };
    socket.folioFirstRequest?.();
    socket.folioFirstRequest = undefined;
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return;
    let seen = socket.bytesRead;
    const watch = setInterval(() => {
      if (req.complete) return stop();
      const now = socket.bytesRead;
      if (now - seen >= MIN_BODY_BYTES_PER_WINDOW) {
        seen = now;
        return;
      }
      stop();
      if (!res.headersSent) {
        const error = new ApiError(408, '/errors/request-timeout', 'Request Timeout', 'The upload was too slow and was stopped.');
        res.writeHead(408, { 'Content-Type': 'application/problem+json', Connection: 'close' });
        res.end(JSON.stringify(problemBody(error, req.url ?? '/')));
      }
      setTimeout(() => socket.destroy(), 100).unref();
    }, limits.bodyStallMs);
    watch.unref();
    const stop = () => clearInterval(watch);
    req.once('end', stop);
    res.once('close', stop);
  });
}
