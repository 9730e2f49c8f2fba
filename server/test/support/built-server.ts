import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
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

/** How many times start-up is tried on a new port when the one chosen was taken meanwhile. */
const START_ATTEMPTS = 3;

/** A port nothing listens on now: the kernel's pick for a listener on port 0. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts the built server (`npm run build` output) exactly as `npm start` does, on a free port.
 * Another process may take the port between the choice and the server's listen (EADDRINUSE):
 * a server that exits during start-up is started again on a new port.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const main = join(REPO, 'server/dist/main.js');
  const index = join(REPO, 'web/dist/index.html');
  if (!existsSync(main) || !existsSync(index)) throw new Error('Build first: `npm run build` (npm test does it).');
  const root = mkdtempSync(join(tmpdir(), 'folio-built-'));
  const workDir = join(root, 'work');
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn('node', [main], {
      env: { ...process.env, PORT: String(port), FOLIO_WORK_DIR: workDir, FOLIO_DATA_DIR: join(root, 'data'), ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
    const baseUrl = `http://127.0.0.1:${port}`;
    if (await whenLive(child, baseUrl)) return running(child, exited, { baseUrl, port, workDir, root });
    if (attempt === START_ATTEMPTS) throw new Error(`The server exited during start-up (code ${child.exitCode}), ${attempt} times; see its output above.`);
  }
}

/** True once the server answers /health/live; false when it exited first. */
async function whenLive(child: ChildProcess, baseUrl: string): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) return false;
    try {
      // /health/live: every role has it (a worker node serves nothing else).
      if ((await fetch(`${baseUrl}/health/live`)).ok) return true;
    } catch {
      if (attempt > 300) throw new Error('The server did not start within 30 s.');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function running(child: ChildProcess, exited: Promise<unknown>, where: { baseUrl: string; port: number; workDir: string; root: string }): BuiltServer {
  const { baseUrl, port, workDir, root } = where;
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
