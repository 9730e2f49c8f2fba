import { PassThrough, Readable, Writable } from 'node:stream';
import type { CliIo } from '../io';

/** A run's streams in memory, for calling the CLI in-process. */
export interface MemoryIo {
  io: CliIo;
  stdout(): Buffer;
  stderr(): string;
  /** Presses Ctrl-C: calls what the run registered. */
  interrupt(): void;
}

function collector(): { stream: Writable; chunks: Buffer[] } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      done();
    },
  });
  return { stream, chunks };
}

/** In-memory stdio in `cwd`, with `stdin` as the bytes stdin gives and `env` as the environment. */
export function memoryIo(cwd: string, options: { stdin?: Buffer; env?: Record<string, string | undefined> } = {}): MemoryIo {
  const out = collector();
  const err = collector();
  const handlers = new Set<() => void>();
  const stdin = options.stdin ? Readable.from([options.stdin]) : new PassThrough().end();
  return {
    io: {
      stdin,
      stdout: out.stream,
      stderr: err.stream,
      env: options.env ?? {},
      cwd,
      onInterrupt(handler) {
        handlers.add(handler);
        return () => handlers.delete(handler);
      },
    },
    stdout: () => Buffer.concat(out.chunks),
    stderr: () => Buffer.concat(err.chunks).toString('utf8'),
    interrupt: () => handlers.forEach((handler) => handler()),
  };
}
