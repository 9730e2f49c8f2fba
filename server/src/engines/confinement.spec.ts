import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { enginesOwnedBy } from '../../test/support/processes';
import { confine, engineUser } from './confinement';
import { runProcess } from './process';

jest.setTimeout(60_000);

/** What a confined engine can reach, checked from inside the sandbox with ordinary programs. */
describe('engine confinement', () => {
  let root: string;
  let job: string;
  let otherJob: string;
  const planted = join(tmpdir(), `folio-planted-${process.pid}.txt`);
  const engine = () => ({ deadline: Date.now() + 20_000, timeLimitMs: 20_000, folder: job });
  const shell = async (script: string) => (await runProcess('sh', ['-c', script], { ...engine(), okExitCodes: [0, 1, 2] })).stdout;
  // Jest runs several test files in one worker: engines an earlier file of this worker left
  // running (a warm office pool) carry the same owner, and are not this file's to judge.
  let earlierEngines: ReadonlySet<number>;
  const ownEngines = () => enginesOwnedBy(process.pid).filter((found) => !earlierEngines.has(found.pid));

  beforeAll(() => {
    earlierEngines = new Set(enginesOwnedBy(process.pid).map((found) => found.pid));
    root = mkdtempSync(join(tmpdir(), 'folio-confinement-'));
    job = join(root, 'req-mine');
    otherJob = join(root, 'req-other');
    mkdirSync(job);
    mkdirSync(otherJob);
    writeFileSync(join(job, 'mine.txt'), 'my own upload');
    writeFileSync(join(otherJob, 'upload.pdf'), 'ANOTHER VISITOR');
    writeFileSync(planted, 'PLANTED IN TMP');
  });
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(planted, { force: true });
  });

  it('reads and writes its own job folder', async () => {
    expect(await shell(`cat ${job}/mine.txt && echo written > ${job}/out.txt && cat ${job}/out.txt`)).toBe('my own uploadwritten');
  });

  it('sees nothing of other jobs, the work folder, the host /tmp or home', async () => {
    const out = await shell(`cat ${otherJob}/upload.pdf; ls ${root}; cat ${planted}; ls /tmp; ls /root; cat /etc/shadow; echo done`);
    expect(out).not.toContain('ANOTHER VISITOR');
    expect(out).not.toContain('req-other');
    expect(out).not.toContain('PLANTED IN TMP');
    // All there is of the host's /tmp is the path down to its own folder's mount point.
    expect(out.trim().split('\n')).toEqual(['req-mine', root.split('/')[2], 'done']);
  });

  it('cannot write outside its job folder', async () => {
    await shell(`echo x > ${otherJob}/dropped; echo x > ${root}/dropped; echo x > /usr/dropped; echo x > /tmp/dropped`);
    expect(existsSync(join(otherJob, 'dropped'))).toBe(false);
    expect(existsSync(join(root, 'dropped'))).toBe(false);
    expect(existsSync('/usr/dropped')).toBe(false);
    expect(existsSync('/tmp/dropped')).toBe(false);
  });

  it('runs as an unprivileged user with no capabilities at all, and cannot gain any', async () => {
    const status = await shell('id -u; id -g; grep -E "^(CapInh|CapPrm|CapEff|CapBnd|CapAmb|NoNewPrivs):" /proc/self/status');
    const [uid, gid, ...fields] = status.trim().split('\n');
    expect(Number(uid)).not.toBe(0);
    expect(Number(gid)).not.toBe(0);
    if (process.getuid?.() === 0) expect(Number(uid)).toBe(engineUser()?.uid);
    const values = Object.fromEntries(fields.map((line) => line.split(/:\s+/)));
    for (const set of ['CapInh', 'CapPrm', 'CapEff', 'CapBnd', 'CapAmb']) expect(values[set]).toBe('0000000000000000');
    expect(values.NoNewPrivs).toBe('1');
  });

  it('is seen by the host as that user, not as root', async () => {
    const abort = new AbortController();
    const run = runProcess('sleep', ['31'], { ...engine(), signal: abort.signal }).catch(() => undefined);
    let owners: string[] = [];
    for (let i = 0; i < 100 && owners.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      owners = ownEngines()
        .filter((found) => found.command === 'sleep 31')
        .map((found) => readFileSync(`/proc/${found.pid}/status`, 'utf8').match(/^Uid:\s+(\d+)/m)?.[1] ?? 'gone');
    }
    abort.abort();
    await run;
    expect(owners.length).toBeGreaterThan(0);
    for (const owner of owners) expect(owner).not.toBe('0');
  });

  it('cannot change kernel settings through /proc/sys', async () => {
    const before = readFileSync('/proc/sys/kernel/core_pattern', 'utf8');
    const out = await shell('echo "|/bin/sh -c id" > /proc/sys/kernel/core_pattern && echo WROTE; echo 1 > /proc/sys/kernel/sysrq && echo WROTE; echo done');
    expect(out).not.toContain('WROTE');
    expect(readFileSync('/proc/sys/kernel/core_pattern', 'utf8')).toBe(before);
    expect(await shell('grep " /proc/sys " /proc/self/mounts')).toMatch(/ ro[, ]/);
  });

  it('is refused the system calls a converter never needs: new namespaces, mounts, tracing, keyrings, BPF', async () => {
    // Each line: the call and what it answered (0 = allowed, else errno), from inside the sandbox.
    const probe = [
      'import ctypes, os',
      'libc = ctypes.CDLL(None, use_errno=True)',
      'def call(label, name, *args):',
      '    result = getattr(libc, name)(*args)',
      '    print(label, 0 if result >= 0 else ctypes.get_errno())',
      'call("unshare", "unshare", 0x10000000)',
      'call("mount", "mount", b"none", b"/tmp", b"tmpfs", 0, None)',
      'call("ptrace", "ptrace", 16, os.getppid(), None, None)',
      'call("keyctl", "syscall", 250, 0, 0, 0, 0)',
      'call("bpf", "syscall", 321, 0, 0, 0)',
      'call("io_uring_setup", "syscall", 425, 8, 0)',
      'call("getpid", "getpid")',
    ].join('\n');
    const { stdout } = await runProcess('python3', ['-c', probe], engine());
    const answers = Object.fromEntries(
      stdout
        .trim()
        .split('\n')
        .map((line) => line.split(' ')),
    );
    if (process.arch !== 'x64') return;
    expect(answers).toEqual({ unshare: '1', mount: '1', ptrace: '1', keyctl: '1', bpf: '1', io_uring_setup: '1', getpid: '0' });
    // A fork still works (clone without namespace flags), and a thread (clone3 falls back).
    expect(
      (
        await runProcess(
          'python3',
          ['-c', 'import os, threading; t = threading.Thread(target=print); t.start(); t.join(); os.wait() if os.fork() else os._exit(0); print("ok")'],
          engine(),
        )
      ).stdout,
    ).toContain('ok');
  });

  it('has no network, not even the host loopback', async () => {
    const server: Server = createServer((socket) => socket.end('REACHED'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const probe = `import socket\ntry:\n  s = socket.create_connection(("127.0.0.1", ${port}), timeout=2)\n  print(s.recv(10).decode())\nexcept OSError as e:\n  print("refused", e.errno)`;
      const { stdout } = await runProcess('python3', ['-c', probe], engine());
      expect(stdout).toMatch(/^refused/);
    } finally {
      server.close();
    }
  });

  it('sees no other processes', async () => {
    const out = await shell('cat /proc/[0-9]*/comm');
    const names = out.trim().split('\n');
    expect(names.length).toBeLessThanOrEqual(3); // the sandbox's init, the shell, cat
    for (const name of names) expect(['bwrap', 'sh', 'cat']).toContain(name);
  });

  it('dies with the process that started it, even one killed outright', async () => {
    // A stand-in server: a shell that starts a confined engine and is then SIGKILLed.
    const { command, args } = confine('sleep', ['30'], { writable: [job] });
    const server = spawn('sh', ['-c', '"$@" & wait', 'sh', command, ...args], { stdio: 'ignore' });
    const until = async (condition: () => boolean) => {
      for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    };
    await until(() => ownEngines().some((engine) => engine.command === 'sleep 30'));
    expect(ownEngines().map((engine) => engine.command)).toContain('sleep 30');
    server.kill('SIGKILL');
    await until(() => ownEngines().length === 0);
    expect(ownEngines()).toEqual([]);
  });

  it('leaves no process behind once a run is stopped at its deadline', async () => {
    const started = Date.now();
    await expect(runProcess('sh', ['-c', 'sleep 30 & sleep 31'], { ...engine(), deadline: Date.now() + 300, timeLimitMs: 300 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(ownEngines()).toEqual([]);
  });

  it('leaves nothing behind when stopped in its first milliseconds, before bwrap has tied its sandbox to it', async () => {
    // Killing only bwrap in that moment orphaned the sandbox in about a quarter of the runs.
    for (let i = 0; i < 100; i++) {
      const abort = new AbortController();
      const run = runProcess('sleep', ['30'], { ...engine(), signal: abort.signal }).catch(() => undefined);
      setTimeout(() => abort.abort(), i % 20);
      await run;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ownEngines()).toEqual([]);
  });
});
