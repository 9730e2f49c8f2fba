import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  /** redis://127.0.0.1:<port> */
  readonly url: string;
  readonly port: number;
  /** Stops Redis as a restart would (clients are cut off), then starts it again on the same port with the same data. */
  restart(downMs?: number): Promise<void>;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * A private Redis from Debian's `redis-server` (test packages of
 * scripts/install-system-deps.sh), on a free loopback port, its data in a
 * temporary folder. Every write is in the append-only file before it is
 * acknowledged, so queued jobs survive a restart as they would in production.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-redis-'));
  const port = 30000 + Math.floor(Math.random() * 20000);
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--appendonly',
    'yes',
    '--appendfsync',
    'always',
    '--save',
    '',
    '--protected-mode',
    'yes',
  ];
  let child: ChildProcess;
  const start = async () => {
    child = spawn('redis-server', args, { stdio: 'ignore' });
    running.add(child);
    child.once('exit', () => running.delete(child));
    await untilAnswers(port);
  };
  const halt = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    restart: async (downMs = 1_000) => {
      await halt();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    stop: async () => {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until Redis answers PING with PONG. */
async function untilAnswers(port: number): Promise<void> {
  const end = Date.now() + 15_000;
  for (;;) {
    if (await pong(port)) return;
    if (Date.now() > end) throw new Error(`Redis did not start on port ${port} within 15 s.`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1_000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
