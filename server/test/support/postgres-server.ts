import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The superuser initdb creates, and the database made for the test; both trusted on loopback without a password. */
const USER = 'folio';
const DATABASE = 'folio';
const READY_WITHIN_MS = 30_000;

export interface PostgresServer {
  /** postgres://folio@127.0.0.1:<port>/folio */
  readonly url: string;
  readonly port: number;
  /** Runs SQL with psql, a client independent of the code under test; returns what it printed. */
  psql(sql: string): Promise<string>;
  /** The rows of a query, read with psql (as JSON, so any text comes back intact). */
  rows<Row = Record<string, unknown>>(query: string): Promise<Row[]>;
  /** Stops the server as an outage would (clients are disconnected at once), keeping its data for resume(). */
  halt(): Promise<void>;
  /** Starts it again on the same port, with the same data; nothing if it is running. */
  resume(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** Servers still running, stopped if the test process exits without stop(). */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * A private PostgreSQL server from the Debian packages (`postgresql`, in the
 * test packages of scripts/install-system-deps.sh): a new cluster in a
 * temporary folder, listening on a free loopback port, its socket in that
 * folder. PostgreSQL refuses to run as root, so under root (CI, containers)
 * initdb and postgres run as `nobody`, owner of the folder.
 */
export async function startPostgresServer(): Promise<PostgresServer> {
  const bin = postgresBinDir();
  const root = mkdtempSync(join(tmpdir(), 'folio-pg-'));
  const data = join(root, 'data');
  const asRoot = process.getuid?.() === 0;
  // setpriv rather than runuser or su: no PAM session, nothing else changed but the ids.
  const unprivileged = (program: string, args: string[]): [string, string[]] =>
    asRoot ? ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', program, ...args]] : [program, args];

  let child: ChildProcess | undefined;
  let port = 0;
  let log = '';

  const launch = async (): Promise<void> => {
    log = '';
    const [program, args] = unprivileged(join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      root,
      '-c',
      'listen_addresses=127.0.0.1',
      // A test's data need not survive a power cut.
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
    ]);
    const started = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    running.add(started);
    const keep = (chunk: Buffer) => (log = (log + chunk.toString('utf8')).slice(-8000));
    started.stdout?.on('data', keep);
    started.stderr?.on('data', keep);
    const exited = new Promise<void>((resolve) => started.once('exit', () => resolve()));
    void exited.then(() => running.delete(started));

    const deadline = Date.now() + READY_WITHIN_MS;
    while (Date.now() < deadline) {
      if (started.exitCode !== null || started.signalCode !== null) throw new Error(`postgres stopped while starting:\n${log}`);
      const ready = await run(join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port), '-U', USER, '-d', 'postgres']).then(
        () => true,
        () => false,
      );
      if (ready) return;
      await sleep(100);
    }
    started.kill('SIGKILL');
    throw new Error(`postgres was not ready within ${READY_WITHIN_MS / 1000} s:\n${log}`);
  };

  const halt = async (): Promise<void> => {
    const current = child;
    child = undefined;
    if (!current || current.exitCode !== null || current.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
    // SIGINT is PostgreSQL's fast shutdown: open connections are closed, as in an outage.
    // (SIGTERM would wait for every client to disconnect.)
    current.kill('SIGINT');
    await exited;
  };

  const psql = async (sql: string, database = DATABASE): Promise<string> => {
    const { stdout } = await run(
      join(bin, 'psql'),
      ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-h', '127.0.0.1', '-p', String(port), '-U', USER, '-d', database, '-c', sql],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    return stdout;
  };

  try {
    if (asRoot) execFileSync('chown', ['nobody:nogroup', root]);
    const [program, args] = unprivileged(join(bin, 'initdb'), ['-D', data, '-U', USER, '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
    execFileSync(program, args, { stdio: 'pipe' });
    // The port is free when chosen; another process may take it before postgres binds it, so a few tries.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        await launch();
        break;
      } catch (error) {
        if (attempt >= 3 || !/could not (bind|create listen socket)/i.test(log)) throw error;
      }
    }
    await psql(`CREATE DATABASE ${DATABASE}`, 'postgres');
  } catch (error) {
    await halt();
    rmSync(root, { recursive: true, force: true });
    throw error;
  }

  return {
    url: `postgres://${USER}@127.0.0.1:${port}/${DATABASE}`,
    port,
    psql: (sql) => psql(sql),
    rows: async <Row>(query: string) => JSON.parse(await psql(`SELECT coalesce(json_agg(q), '[]'::json) FROM (${query}) q`)) as Row[],
    halt,
    resume: async () => {
      if (child) return;
      await launch();
    },
    stop: async () => {
      await halt();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Debian installs each major version's programs in /usr/lib/postgresql/<version>/bin
 * (not on PATH); the newest is taken. Elsewhere, pg_config says where they are.
 */
export function postgresBinDir(): string {
  const debianRoot = '/usr/lib/postgresql';
  const versions = existsSync(debianRoot)
    ? readdirSync(debianRoot)
        .filter((version) => existsSync(join(debianRoot, version, 'bin', 'postgres')) && existsSync(join(debianRoot, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length > 0) return join(debianRoot, versions[0], 'bin');
  try {
    const bin = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (existsSync(join(bin, 'postgres')) && existsSync(join(bin, 'initdb'))) return bin;
  } catch {
    // No pg_config either.
  }
  throw new Error('PostgreSQL server programs (initdb, postgres) not found: install the Debian package postgresql (scripts/install-system-deps.sh --tests).');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}
