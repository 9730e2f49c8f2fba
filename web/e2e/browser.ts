import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

const REPO = resolve(__dirname, '../..');

/** Flags for Debian's Chromium in a sandbox without network (see the developers' guide). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];

export interface RunningApp {
  baseUrl: string;
  workDir: string;
  leftovers(): string[];
  stop(): Promise<void>;
}

/** Starts the built server (`npm run build` output) exactly as `npm start` does, on a free port. */
export async function startBuiltApp(): Promise<RunningApp> {
  const main = join(REPO, 'server/dist/main.js');
  const index = join(REPO, 'web/dist/index.html');
  if (!existsSync(main) || !existsSync(index)) throw new Error('Build first: `npm run build` (npm test does it).');
  const root = mkdtempSync(join(tmpdir(), 'folio-e2e-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const workDir = join(root, 'work');
  const server: ChildProcess = spawn('node', [main], {
    env: { ...process.env, PORT: String(port), FOLIO_WORK_DIR: workDir, FOLIO_DATA_DIR: join(root, 'data') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${baseUrl}/api/v1/info/status`)).ok) break;
    } catch {
      if (attempt > 150) throw new Error('The server did not start within 15 s.');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    workDir,
    leftovers: () => (existsSync(workDir) ? readdirSync(workDir) : []),
    stop: async () => {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}
