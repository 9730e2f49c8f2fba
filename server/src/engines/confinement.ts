import { spawnSync, type ChildProcess } from 'node:child_process';
import type { Readable } from 'node:stream';
import { existsSync, lstatSync, readFileSync, readlinkSync } from 'node:fs';
import { lchown, mkdir, writeFile } from 'node:fs/promises';
import { SECCOMP_FD, seccompFilter } from './seccomp';

/**
 * Every engine process runs inside bubblewrap (Debian's `bwrap`), so a hostile
 * document can only reach what its own job owns. Inside, an engine sees:
 *   - the system's programs and libraries read-only (/usr and the few /etc
 *     entries programs need: dynamic linker cache, fonts, engine configuration,
 *     users and groups, never shadow files or keys);
 *   - the folders its caller names, read-write (a job's own folder; an office
 *     instance's profile and exchange folder);
 *   - a private empty /tmp of bounded size, its own /proc and a minimal /dev;
 *     TMPDIR points into its first writable folder, so large temporary files
 *     land on disk in its job's folder and go with it;
 *   - no network (own, empty network namespace), no other processes (own pid
 *     namespace), no capabilities, a fresh session (no terminal injection);
 *   - /proc/sys read-only, so no kernel setting can be changed from inside.
 * An engine never runs as root: when the server does (a plain install, CI),
 * bwrap makes the sandbox as root and the engine is then started as the
 * unprivileged engine user (ENGINE_USER, made by scripts/install-system-deps.sh)
 * with every capability and the bounding set gone and no_new_privs set, so
 * even a fully exploited engine is an ordinary user that owns nothing but the
 * folders handed to it (giveToEngines). A server that runs as an ordinary
 * user (the deploy image) already is one; its engines run as that user, in
 * a user namespace of their own.
 * Nothing of other jobs, the work folder's other entries, the data folder,
 * the office profiles or the user's home is visible. `--die-with-parent` ties
 * each sandbox to the server process: if the server dies, even by SIGKILL, the
 * kernel kills everything inside, so no engine outlives it.
 */

/** What one sandbox may see besides the read-only system. */
export interface Confinement {
  /** Folders the process may read and write, at their own paths. e.g. the job's folder */
  writable: readonly string[];
  /** Files or folders it may read, at their own paths (besides the system). */
  readable?: readonly string[];
  /** A host folder to mount as /tmp instead of an empty private one (office instances meet their bridge there). */
  tmp?: string;
  /** Size of the private /tmp (memory-backed), in MiB; default 256. Engines' temporary files go to their first writable folder (TMPDIR). */
  tmpSizeMb?: number;
  /** Working directory inside; default the first writable folder. */
  cwd?: string;
  /** Environment for the process; PATH, HOME, TMPDIR and LC_ALL are set unless given. */
  env?: Readonly<Record<string, string>>;
  /**
   * Address space each process inside may take, in MiB (RLIMIT_AS, through
   * prlimit): a document that makes an engine allocate without end (a loop in
   * its outline) fails at this size instead of taking the machine's memory.
   * Not for the browser or the office suite, which reserve vast address ranges.
   */
  memoryMb?: number;
  /**
   * Writable memory each process inside may take, in MiB (RLIMIT_DATA): for the
   * browser, whose reserved but untouched address space does not count here, so
   * a page that allocates without end fails at this size.
   */
  dataMb?: number;
  /** Have bwrap report its sandbox on this file descriptor (see SandboxKiller), e.g. SANDBOX_INFO_FD. */
  infoFd?: number;
  /** Apply the engines' seccomp filter (engines/seccomp.ts), which the caller feeds on SECCOMP_FD (sandboxStdio, feedSeccompFilter). */
  seccomp?: boolean;
}

export const BWRAP = '/usr/bin/bwrap';
const PRLIMIT = '/usr/bin/prlimit';
const SETPRIV = '/usr/bin/setpriv';
/** Capabilities a root sandbox keeps until setpriv starts the engine as the engine user with none. */
const KEPT_UNTIL_SETPRIV = ['CAP_DAC_OVERRIDE', 'CAP_SETUID', 'CAP_SETGID', 'CAP_SETPCAP'];

/** The system user engines run as when the server runs as root; FOLIO_ENGINE_USER names another. */
export const ENGINE_USER = 'folio-engine';

/** The /etc entries programs need: linker, fonts, engine configuration, users (never shadow files, keys or certificates). */
const SYSTEM_CONFIGURATION = [
  'alternatives',
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'fonts',
  'ImageMagick-6',
  'ghostscript',
  'libreoffice',
  'chromium',
  'chromium.d',
  'python3',
  'python3.11',
  'passwd',
  'group',
  'nsswitch.conf',
  'localtime',
  'timezone',
  'papersize',
  'mime.types',
  'magic',
  'magic.mime',
  'xdg',
];

/**
 * Read-only system paths besides /usr: font caches (no rebuild per run), CPU
 * topology (thread pools size themselves) and Ghostscript's CMaps and font map,
 * which Debian keeps in /var/lib/ghostscript (without Identity-H, pdfwrite
 * rewrites CID fonts with no Unicode map and their text can no longer be copied).
 */
const SYSTEM_EXTRAS = ['/var/cache/fontconfig', '/sys/devices/system/cpu', '/var/lib/ghostscript'];

const PATH = '/usr/bin:/bin';

let systemArgs: string[] | undefined;

/** Mounts of the read-only system, worked out once: merged-/usr systems link /bin, /lib ... into /usr. */
function systemView(): string[] {
  if (systemArgs) return systemArgs;
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const top of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    if (!existsSync(top)) continue;
    const stat = lstatSync(top);
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(top), top);
    else args.push('--ro-bind', top, top);
  }
  const systemPaths = [...SYSTEM_CONFIGURATION.map((entry) => `/etc/${entry}`), ...SYSTEM_EXTRAS];
  args.push(...mountPointParents(systemPaths));
  for (const path of systemPaths) args.push('--ro-bind-try', path, path);
  systemArgs = args;
  return args;
}

/**
 * The bwrap command line that runs `command args` confined as described above.
 * e.g. confine('qpdf', ['--show-npages', '/w/req-1/a.pdf'], { writable: ['/w/req-1'] })
 */
export function confine(command: string, args: readonly string[], confinement: Confinement): { command: string; args: string[] } {
  if (!confinementEnabled()) return { command, args: [...args] };
  const [home] = confinement.writable;
  // FOLIO_ENGINE_OWNER names the server that started the sandbox, so a check can find any engine process it left behind.
  const env: Record<string, string> = {
    PATH,
    HOME: '/tmp',
    TMPDIR: home ?? '/tmp',
    LC_ALL: 'C.UTF-8',
    FOLIO_ENGINE_OWNER: String(process.pid),
    ...confinement.env,
  };
  const tmpSize = String((confinement.tmpSizeMb ?? 256) * 1024 * 1024);
  const user = engineUser();
  const sandbox = [
    '--die-with-parent',
    '--new-session',
    // As root, bwrap makes the namespaces itself and keeps only what it takes to enter the engine
    // user's folder (--chdir) and for setpriv to become that user; setpriv then drops them all.
    ...(user
      ? [
          '--unshare-ipc',
          '--unshare-pid',
          '--unshare-net',
          '--unshare-uts',
          '--unshare-cgroup-try',
          '--cap-drop',
          'ALL',
          ...KEPT_UNTIL_SETPRIV.flatMap((cap) => ['--cap-add', cap]),
        ]
      : ['--unshare-all', '--cap-drop', 'ALL']),
    ...systemView(),
    '--proc',
    '/proc',
    // bwrap leaves /proc/sys writable to a root engine (it only covers /proc/sys when the folder itself is writable).
    '--ro-bind',
    '/proc/sys',
    '/proc/sys',
    '--dev',
    '/dev',
    '--perms',
    '01777',
    '--tmpfs',
    '/dev/shm',
    ...(confinement.tmp ? ['--bind', confinement.tmp, '/tmp'] : ['--perms', '01777', '--size', tmpSize, '--tmpfs', '/tmp']),
    ...mountPointParents([...(confinement.readable ?? []), ...confinement.writable]),
    ...(confinement.readable ?? []).flatMap((path) => ['--ro-bind', path, path]),
    ...confinement.writable.flatMap((path) => ['--bind', path, path]),
    '--chdir',
    confinement.cwd ?? home ?? '/tmp',
    ...(confinement.infoFd !== undefined ? ['--info-fd', String(confinement.infoFd)] : []),
    ...(confinement.seccomp && seccompFilter() ? ['--seccomp', String(SECCOMP_FD)] : []),
    '--clearenv',
    ...Object.entries(env).flatMap(([name, value]) => ['--setenv', name, value]),
    '--',
    ...(user ? [SETPRIV, `--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--inh-caps=-all', '--bounding-set=-all', '--'] : []),
    ...memoryLimits(confinement),
    command,
    ...args,
  ];
  return { command: BWRAP, args: sandbox };
}

/** prlimit's part of the command line: the memory limits asked for, and no core dumps. */
function memoryLimits({ memoryMb, dataMb }: Confinement): string[] {
  const limits = [...(memoryMb ? [`--as=${memoryMb * 1024 * 1024}`] : []), ...(dataMb ? [`--data=${dataMb * 1024 * 1024}`] : [])];
  return limits.length > 0 ? [PRLIMIT, ...limits, '--core=0', '--'] : [];
}

/** Host ids of the user engines run as. */
export interface EngineUser {
  uid: number;
  gid: number;
}

let resolvedUser: EngineUser | null | undefined;

/**
 * The unprivileged user engines run as: the engine user when the server runs
 * as root, undefined when it does not (its engines then run as itself). Read
 * from /etc/passwd once; a root server without that user cannot start
 * (checkConfinement), it would otherwise run engines as root.
 */
export function engineUser(): EngineUser | undefined {
  if (resolvedUser !== undefined) return resolvedUser ?? undefined;
  if (!confinementEnabled() || process.getuid?.() !== 0) {
    resolvedUser = null;
    return undefined;
  }
  const name = process.env.FOLIO_ENGINE_USER || ENGINE_USER;
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === name);
  const uid = Number(entry?.[2]);
  const gid = Number(entry?.[3]);
  if (!entry || !Number.isInteger(uid) || !Number.isInteger(gid) || uid === 0 || gid === 0) {
    throw new ConfinementUnavailableError(`the server runs as root and there is no unprivileged user ${name} to run engines as`);
  }
  resolvedUser = { uid, gid };
  return resolvedUser;
}

/**
 * Hands a folder the server made to the engine user, so that engines can write
 * in it (files the server puts there stay readable to them: ordinary modes).
 * Only the path itself, never what it holds or points to (lchown): an engine
 * that has had the folder before may have left a link there.
 */
export async function giveToEngines(path: string): Promise<void> {
  const user = engineUser();
  if (user) await lchown(path, user.uid, user.gid);
}

/** Writes a file only the server and its engines may read (a password, a key, a request holding one). */
export async function writeForEngines(path: string, data: string | Buffer): Promise<void> {
  await writeFile(path, data, { mode: 0o600 });
  await giveToEngines(path);
}

/** Makes a folder (and its parents) that engines will write in. */
export async function makeEngineFolder(path: string): Promise<void> {
  await mkdir(path, { recursive: true });
  await giveToEngines(path);
}

/**
 * Folders leading to each mount point, made open to pass through: bwrap makes
 * them 0700 for the root that makes the sandbox, and the engine user could
 * then not reach what is mounted below. They hold nothing but mount points.
 */
function mountPointParents(paths: readonly string[]): string[] {
  const parents = new Set<string>();
  for (const path of paths) {
    const parts = path.split('/').filter(Boolean);
    for (let depth = 1; depth < parts.length; depth++) parents.add(`/${parts.slice(0, depth).join('/')}`);
  }
  return [...parents].flatMap((parent) => ['--perms', '0755', '--dir', parent]);
}

let enabled: boolean | undefined;

/**
 * Whether engines are confined. On by default, and the server refuses to
 * start when bwrap cannot make a sandbox here (checkConfinement); only
 * FOLIO_CONFINEMENT=off, for a host that confines the whole server some other
 * way, turns it off.
 */
export function confinementEnabled(): boolean {
  enabled ??= process.env.FOLIO_CONFINEMENT !== 'off';
  return enabled;
}

/** Thrown at start-up when engines cannot be confined on this machine. */
export class ConfinementUnavailableError extends Error {
  constructor(detail: string) {
    super(
      `Engines cannot be confined on this machine (${detail}). Install bubblewrap (scripts/install-system-deps.sh does) ` +
        'and allow user namespaces, or set FOLIO_CONFINEMENT=off only where the whole server is already isolated.',
    );
    this.name = 'ConfinementUnavailableError';
  }
}

let checked = false;

/** Makes one sandbox and runs `true` in it; throws ConfinementUnavailableError when that fails. Once per process. */
export function checkConfinement(): void {
  if (checked || !confinementEnabled()) return;
  if (!existsSync(BWRAP)) throw new ConfinementUnavailableError(`${BWRAP} is missing`);
  engineUser();
  const { command, args } = confine('/usr/bin/true', [], { writable: [] });
  const probe = spawnSync(command, args, { stdio: ['ignore', 'ignore', 'pipe'], timeout: 10_000 });
  if (probe.status !== 0) throw new ConfinementUnavailableError(probe.stderr?.toString().trim() || `bwrap exited with ${probe.status ?? probe.signal}`);
  checked = true;
}

/**
 * Writes an executable shell script at `path` that starts `command` confined,
 * passing its own arguments on: for engines started by a library that only
 * takes an executable's path (Playwright starts the browser).
 */
export async function writeConfinedLauncher(path: string, command: string, confinement: Confinement): Promise<void> {
  const { command: launcher, args } = confine(command, [], { ...confinement, seccomp: true });
  const quoted = [launcher, ...args].map(shellQuote).join(' ');
  const filter = seccompFilter();
  // The filter comes from a file beside the launcher, on the descriptor bwrap reads it from.
  let redirect = '';
  if (filter && confinementEnabled()) {
    await writeFile(`${path}.seccomp`, filter, { mode: 0o644 });
    redirect = ` ${SECCOMP_FD}< ${shellQuote(`${path}.seccomp`)}`;
  }
  await writeFile(path, `#!/bin/sh\nexec ${quoted} "$@"${redirect}\n`, { mode: 0o755 });
}

function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Where a confined process started with `infoFd: SANDBOX_INFO_FD` reports its sandbox: stdio index 3. */
export const SANDBOX_INFO_FD = 3;

/**
 * Stops a confined process for good. Killing bwrap alone is not enough: in the
 * moment after it starts, before the sandbox is tied to it, the sandbox lives
 * on as an orphan (seen: 53 of 200 runs killed in their first 20 ms). So the
 * sandbox's first process, pid 1 of its own pid namespace, which bwrap reports
 * on SANDBOX_INFO_FD, is killed as well: the kernel then kills everything in
 * the namespace. A kill asked for before that report waits for it (bwrap
 * reports within milliseconds, or exits having started nothing).
 */
export class SandboxKiller {
  private sandboxPid?: number;
  private pending?: NodeJS.Signals;

  constructor(private readonly child: ChildProcess) {
    const info = child.stdio[SANDBOX_INFO_FD] as Readable | null | undefined;
    if (!info) return;
    let report = '';
    info.setEncoding('utf8');
    info.on('data', (chunk: string) => {
      report += chunk;
      const pid = /"child-pid":\s*(\d+)/.exec(report)?.[1];
      if (pid === undefined || this.sandboxPid !== undefined) return;
      this.sandboxPid = Number(pid);
      if (this.pending) this.kill(this.pending);
    });
    info.on('error', () => undefined);
  }

  /** Whether the process started confined (bwrap reports its sandbox). */
  private get confined(): boolean {
    return !!this.child.stdio[SANDBOX_INFO_FD];
  }

  kill(signal: NodeJS.Signals = 'SIGKILL'): void {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    if (this.confined && this.sandboxPid === undefined) {
      this.pending = signal;
      return;
    }
    if (this.sandboxPid !== undefined) {
      try {
        process.kill(this.sandboxPid, signal);
      } catch {
        // Gone already.
      }
    }
    this.child.kill(signal);
  }
}
