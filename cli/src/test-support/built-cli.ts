import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** The built bin, as `npm i -g` would run it. */
export const BUILT_CLI = resolve(__dirname, '../../dist/main.js');

export interface CliProcess {
  child: ChildProcess;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves once stderr holds text matching `pattern` (or rejects after `ms`). */
  stderrMatching(pattern: RegExp, ms?: number): Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: Buffer; stderr: string }>;
}

/** Starts `node cli/dist/main.js ...args` (build it first: npm run build -w @folio/cli). */
export function startBuiltCli(args: readonly string[], options: { cwd: string; env?: Record<string, string>; stdin?: Buffer }): CliProcess {
  if (!existsSync(BUILT_CLI)) throw new Error('Build the CLI first: npm run build -w @folio/cli (npm test does it).');
  const child = spawn(process.execPath, [BUILT_CLI, ...args], {
    cwd: options.cwd,
    // Only what the test gives: FOLIO_SERVER from the developer's shell must not leak in.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const out: Buffer[] = [];
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  child.stdin!.end(options.stdin ?? Buffer.alloc(0));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: Buffer; stderr: string }>((done) =>
    child.on('close', (code, signal) => done({ code, signal, stdout: Buffer.concat(out), stderr: err })),
  );
  return {
    child,
    stderr: () => err,
    async stderrMatching(pattern, ms = 60_000) {
      const end = Date.now() + ms;
      while (!pattern.test(err)) {
        if (child.exitCode !== null) throw new Error(`The CLI exited (${child.exitCode}) before stderr matched ${pattern}:\n${err}`);
        if (Date.now() > end) throw new Error(`stderr did not match ${pattern} within ${ms} ms:\n${err}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      return err;
    },
    exited,
  };
}

/** Runs the built CLI to its end. */
export function runBuiltCli(args: readonly string[], options: { cwd: string; env?: Record<string, string>; stdin?: Buffer }) {
  return startBuiltCli(args, options).exited;
}
