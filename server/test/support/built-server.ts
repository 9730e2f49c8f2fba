import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const REPO = resolve(__dirname, '../../..');

export interface BuiltServer {
  baseUrl: string;
  port: number;
  workDir: string;
  process: ChildProcess;
  leftovers(): string[];
  stop(): Promise<void>;
}

/** Starts the built server (`npm run build` output) exactly as `npm start` does, on a free port. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const main = join(REPO, 'server/dist/main.js');
  const index = join(REPO, 'web/dist/index.html');
  if (!existsSync(main) || !existsSync(index)) throw new Error('Build first: `npm run build` (npm test does it).');
  const root = mkdtempSync(join(tmpdir(), 'folio-built-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const workDir = join(root, 'work');
  const child = spawn('node', [main], {
    env: { ...process.env, PORT: String(port), FOLIO_WORK_DIR: workDir, FOLIO_DATA_DIR: join(root, 'data'), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`The server exited during start-up (code ${child.exitCode}); see its output above.`);
    try {
      // /health/live: every role has it (a worker node serves nothing else).
      if ((await fetch(`${baseUrl}/health/live`)).ok) break;
    } catch {
      if (attempt > 300) throw new Error('The server did not start within 30 s.');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    port,
    workDir,
    process: child,
    leftovers: () => (existsSync(workDir) ? readdirSync(workDir) : []),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(root, { recursive: true, force: true });
    },
  };
}
