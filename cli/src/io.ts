import type { Readable, Writable } from 'node:stream';

/** A stream that may be a terminal (process.stderr is; a pipe or a file is not). */
export type OutputStream = Writable & { isTTY?: boolean; columns?: number };

/**
 * Everything a run touches outside its arguments, so that tests can run the CLI
 * in-process with their own streams, environment and folder.
 */
export interface CliIo {
  stdin: Readable;
  stdout: OutputStream;
  stderr: OutputStream;
  env: Readonly<Record<string, string | undefined>>;
  /** The folder results are written to and relative paths start from. */
  cwd: string;
  /**
   * Registers what Ctrl-C does while a request is out (cancel the job); the
   * returned function unregisters it.
   */
  onInterrupt(handler: () => void): () => void;
}

/** The real process's streams, environment and signals. */
export function processIo(): CliIo {
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    onInterrupt(handler) {
      let interrupts = 0;
      // The first Ctrl-C cancels cleanly (the job is deleted on the server); a second one does not wait for that.
      const listener = () => (++interrupts > 1 ? process.exit(130) : handler());
      process.on('SIGINT', listener);
      return () => process.off('SIGINT', listener);
    },
  };
}
