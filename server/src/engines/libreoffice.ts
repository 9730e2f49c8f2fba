import { spawn, type ChildProcess } from 'node:child_process';
import { engineScript } from './engine-scripts';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, link, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { loadConfig } from '../config';
import { confine, confinementEnabled, giveToEngines, makeEngineFolder, SANDBOX_INFO_FD, SandboxKiller } from './confinement';
import { registerEngine, unregisterEngine } from './lifecycle';
import { withDeadline } from './deadline';
import { Limiter } from './limiter';
import { currentEngineLimits, type EngineOptions } from './process';
import { feedSeccompFilter, sandboxStdio } from './seccomp';

/**
 * The office engine: a small pool of warm headless LibreOffice instances, each
 * with its own user profile, driven through a UNO bridge (server/src/engines/uno-bridge.py)
 * that speaks JSON lines. Starting soffice costs a second or more per call; a warm
 * instance converts a small document in a fraction of that. Jobs queue for a free
 * instance; an instance that crashes, overruns its job's deadline or has done
 * RECYCLE_AFTER conversions is killed (its whole sandbox) and replaced.
 *
 * Documents never run or load anything: macros are never executed, links are
 * never updated, the profile is seeded to block macros and untrusted links.
 * Each instance and its bridge are confined (engines/confinement.ts) to the
 * instance's own folder: its profile, the /tmp where the two meet, and an
 * exchange folder that holds only the document being converted, linked in for
 * the conversion and cleared after it. So a document's links to local files
 * find nothing of other jobs, and there is no network at all.
 */

export interface OfficeConversion {
  /** Path of the document to read. */
  input: string;
  /** Path to write. */
  output: string;
  /** LibreOffice export filter, e.g. 'writer_pdf_Export', 'MS Word 97', 'writer8', 'Rich Text Format'. Any `*_pdf_Export` picks the one matching the document's kind. */
  exportFilter: string;
  /** e.g. 'writer_pdf_import', 'impress_pdf_import'; LibreOffice detects the type when omitted. */
  importFilter?: string;
}

/** The document could not be read or converted (damaged, or not what its name says). */
export class OfficeDocumentError extends Error {
  constructor(detail: string) {
    super(`LibreOffice could not convert the document: ${detail}`);
    this.name = 'OfficeDocumentError';
  }
}

/** The instance died or stopped answering; not the document's fault as far as we know. */
class OfficeInstanceLostError extends Error {
  constructor(detail: string) {
    super(`LibreOffice instance lost: ${detail}`);
    this.name = 'OfficeInstanceLostError';
  }
}

/** No instance could be started (LibreOffice missing or broken): a server fault, not the document's. */
class OfficeUnavailableError extends Error {
  constructor(cause: Error) {
    super(`LibreOffice could not be started: ${cause.message}`);
    this.name = 'OfficeUnavailableError';
  }
}

/** Reaches the bridge from src/engines (tests, ts-jest) and dist/engines (built server) alike. */
const BRIDGE = engineScript('uno-bridge.py');
const PYTHON = '/usr/bin/python3';
const SOFFICE = 'soffice';
/** Conversions before an instance is replaced: LibreOffice's memory grows with use. */
const DEFAULT_RECYCLE_AFTER = 200;
const QUEUE_LENGTH = 64;
/** Where the instances' folders live: outside request workspaces, one folder per server process. */
const PROFILES_ROOT = join(tmpdir(), `folio-office-${process.pid}`);

/**
 * The profile's settings: highest macro security with macros disabled outright,
 * links from untrusted documents blocked, links never updated on load
 * (Writer: 2 = never; Calc: 1 = never), and spreadsheets never recalculated on
 * load (formulas such as WEBSERVICE keep their stored results).
 */
const REGISTRY_MODIFICATIONS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="BlockUntrustedRefererLinks" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Writer/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>2</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Content/Update"><prop oor:name="Link" oor:op="fuse"><value>1</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>1</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>1</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="UseLocking" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="FirstRun" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Java/VirtualMachine"><prop oor:name="Enable" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Save/Document"><prop oor:name="LoadPrinter" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`;

interface BridgeAnswer {
  ok?: boolean;
  ready?: boolean;
  kind?: 'document' | 'fatal';
  message?: string;
}

let instanceCounter = 0;

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

/** One soffice process with its own profile, and the bridge that drives it. */
class OfficeInstance {
  readonly id = ++instanceCounter;
  conversions = 0;
  private alive = true;
  /** The instance's folder: `profile/`, `tmp/` (its /tmp, where soffice and the bridge meet) and `exchange/`. */
  private readonly root = join(PROFILES_ROOT, `instance-${this.id}-${randomBytes(4).toString('hex')}`);
  private readonly profile = join(this.root, 'profile');
  private readonly exchange = join(this.root, 'exchange');
  private office?: ChildProcess;
  private bridge?: ChildProcess;
  /** Each started process's killer: its whole sandbox goes (soffice is a script that starts soffice.bin). */
  private readonly killers = new Map<ChildProcess, SandboxKiller>();
  private pending?: (answer: BridgeAnswer) => void;
  private readonly started: Promise<void>;

  constructor(private readonly onGone: (instance: OfficeInstance) => void) {
    this.started = this.start();
    this.started.catch(() => this.kill());
  }

  get healthy(): boolean {
    return this.alive;
  }

  /** Resolves once the bridge is connected to soffice; waiting counts against the job's deadline. */
  async ready(engine: EngineOptions): Promise<void> {
    await withDeadline(this.started, engine, () => this.kill());
  }

  /**
   * Converts one document; kills the instance if the deadline passes or the
   * client leaves. The document is linked into the exchange folder (the only
   * job file the instance can see) and the result moved out of it.
   */
  async convert(job: OfficeConversion, engine: EngineOptions): Promise<BridgeAnswer> {
    if (!this.alive || !this.bridge?.stdin) throw new OfficeInstanceLostError('not running');
    this.conversions++;
    const input = join(this.exchange, `input${extname(job.input)}`);
    const output = join(this.exchange, `output${extname(job.output)}`);
    try {
      await linkOrCopy(job.input, input);
      const answered = new Promise<BridgeAnswer>((done) => (this.pending = done));
      this.bridge.stdin.write(`${JSON.stringify({ ...job, input, output, importFilter: job.importFilter ?? null })}\n`);
      const answer = await withDeadline(answered, engine, () => this.kill());
      if (answer.kind === 'fatal') {
        this.kill();
        throw new OfficeInstanceLostError(answer.message ?? 'the bridge failed');
      }
      if (answer.ok) await moveOrCopy(output, job.output);
      return answer;
    } finally {
      if (this.alive) await clearFolder(this.exchange);
    }
  }

  /** The process that runs soffice confined (bwrap), while it runs. */
  get officePid(): number | undefined {
    return this.alive ? this.office?.pid : undefined;
  }

  /** Kills soffice only, as a crash would; the instance notices by itself. */
  crash(): void {
    if (this.office) this.killers.get(this.office)?.kill();
  }

  /** Immediate and final: both sandboxes killed, the instance's folder removed once they are gone. */
  kill(): void {
    const wasAlive = this.alive;
    this.alive = false;
    for (const killer of this.killers.values()) killer.kill();
    this.answerPending({ ok: false, kind: 'fatal', message: 'the instance stopped' });
    if (wasAlive) {
      this.onGone(this);
      void this.removeFolder();
    }
  }

  /** Stops the instance (its profile is thrown away, so nothing is owed a graceful exit) and removes its folder. */
  async stop(): Promise<void> {
    this.bridge?.stdin?.end();
    this.kill();
    await this.removeFolder();
  }

  private async removeFolder(): Promise<void> {
    await Promise.all(this.processes.map(exited));
    await rm(this.root, { recursive: true, force: true }).catch(() => undefined);
  }

  /** soffice and its bridge, those started. */
  private get processes(): ChildProcess[] {
    return [this.office, this.bridge].filter((c): c is ChildProcess => !!c);
  }

  private answerPending(answer: BridgeAnswer): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.(answer);
  }

  private async start(): Promise<void> {
    // The instance writes its profile, its /tmp and its results: every folder is the engine user's.
    for (const folder of [this.root, this.profile, join(this.profile, 'user'), join(this.root, 'tmp'), this.exchange]) await makeEngineFolder(folder);
    const settings = join(this.profile, 'user', 'registrymodifications.xcu');
    await writeFile(settings, REGISTRY_MODIFICATIONS);
    await giveToEngines(settings);
    const pipe = `folio-office-${process.pid}-${this.id}-${randomBytes(6).toString('hex')}`;
    const officeArgs = [
      '--headless',
      '--invisible',
      '--norestore',
      '--nologo',
      '--nodefault',
      '--nolockcheck',
      '--nofirststartwizard',
      `-env:UserInstallation=file://${this.profile}`,
      `--accept=pipe,name=${pipe};urp;`,
    ];
    // Both in the instance's sandbox view: the pipe is a socket in /tmp, which is the instance's tmp/ for both.
    const tmp = join(this.root, 'tmp');
    // The office suite reserves vast address ranges: its cap is on written memory, as the browser's.
    const office = confine(SOFFICE, officeArgs, {
      writable: [this.root],
      tmp,
      env: { SAL_USE_VCLPLUGIN: 'svp' },
      dataMb: currentEngineLimits().memoryMb,
      infoFd: SANDBOX_INFO_FD,
      seccomp: true,
    });
    const bridge = confine(PYTHON, [BRIDGE, pipe], { writable: [], readable: [BRIDGE], tmp, infoFd: SANDBOX_INFO_FD, seccomp: true });
    // detached: their own process groups, so a signal to the server's group does not reach them.
    const sandbox = confinementEnabled() ? sandboxStdio(true) : [];
    this.office = spawn(office.command, office.args, {
      detached: true,
      stdio: ['ignore', 'ignore', 'ignore', ...sandbox],
      env: { ...process.env, LC_ALL: 'C.UTF-8', SAL_USE_VCLPLUGIN: 'svp', DISPLAY: '' },
    });
    this.bridge = spawn(bridge.command, bridge.args, {
      detached: true,
      stdio: ['pipe', 'pipe', 'ignore', ...sandbox],
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
    });
    for (const child of [this.office, this.bridge]) {
      feedSeccompFilter(child);
      this.killers.set(child, new SandboxKiller(child));
      child.once('exit', () => this.kill());
      child.once('error', () => this.kill());
    }
    this.bridge.stdin?.on('error', () => this.kill());

    const ready = new Promise<void>((done, fail) => {
      const lines = createInterface({ input: this.bridge!.stdout! });
      let connected = false;
      lines.on('line', (line) => {
        let answer: BridgeAnswer;
        try {
          answer = JSON.parse(line) as BridgeAnswer;
        } catch {
          return;
        }
        if (!connected) {
          connected = true;
          if (answer.ready) done();
          else fail(new OfficeInstanceLostError(answer.message ?? 'the bridge could not connect'));
          return;
        }
        this.answerPending(answer);
      });
      lines.on('close', () => {
        if (!connected) fail(new OfficeInstanceLostError('the bridge exited before connecting'));
      });
    });
    await ready;
  }
}

/** Instances are started when a job needs one and reused until they die or are recycled. */
class OfficePool {
  private readonly limiter: Limiter;
  private readonly idle: OfficeInstance[] = [];
  private readonly all = new Set<OfficeInstance>();
  private stopped = false;

  constructor(
    readonly size: number,
    private readonly recycleAfter: number,
  ) {
    this.limiter = new Limiter('libreoffice', size, QUEUE_LENGTH);
  }

  get load(): { running: number; waiting: number; instances: number } {
    return { ...this.limiter.load, instances: this.all.size };
  }

  /** The instances started and not yet gone. */
  instances(): readonly OfficeInstance[] {
    return [...this.all];
  }

  run(job: OfficeConversion, engine: EngineOptions): Promise<BridgeAnswer> {
    return this.limiter.run(engine, async () => {
      try {
        return await this.once(job, engine);
      } catch (error) {
        // An instance that died under the job may have been killed for reasons of
        // its own (memory, a stray signal): one more try on a fresh one.
        if (!(error instanceof OfficeInstanceLostError)) throw error;
        try {
          return await this.once(job, engine);
        } catch (again) {
          if (again instanceof OfficeInstanceLostError) throw new OfficeDocumentError('the office suite failed on this document twice');
          throw again;
        }
      }
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const instances = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(instances.map((instance) => instance.stop()));
  }

  private async once(job: OfficeConversion, engine: EngineOptions): Promise<BridgeAnswer> {
    const instance = this.take();
    await instance.ready(engine).catch((error: unknown) => {
      throw error instanceof OfficeInstanceLostError ? new OfficeUnavailableError(error) : error;
    });
    const answer = await instance.convert(job, engine);
    if (instance.conversions >= this.recycleAfter) void this.retire(instance);
    else if (instance.healthy) this.idle.push(instance);
    return answer;
  }

  private take(): OfficeInstance {
    // A job that outlived its pool's shutdown must not start an instance nobody will stop.
    if (this.stopped) throw new OfficeUnavailableError(new Error('the office engine is shutting down'));
    while (this.idle.length > 0) {
      const instance = this.idle.pop()!;
      if (instance.healthy) return instance;
    }
    const instance = new OfficeInstance((gone) => this.forget(gone));
    this.all.add(instance);
    return instance;
  }

  private async retire(instance: OfficeInstance): Promise<void> {
    this.forget(instance);
    await instance.stop();
  }

  private forget(instance: OfficeInstance): void {
    this.all.delete(instance);
    const index = this.idle.indexOf(instance);
    if (index >= 0) this.idle.splice(index, 1);
  }
}

/** Hard-links a job's file into an instance's exchange folder; copies across filesystems. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await link(from, to).catch(() => copyFile(from, to));
}

/** Moves a result out of the exchange folder into the job's folder; copies across filesystems. */
async function moveOrCopy(from: string, to: string): Promise<void> {
  await rename(from, to).catch(async () => {
    await copyFile(from, to);
    await rm(from, { force: true });
  });
}

async function clearFolder(folder: string): Promise<void> {
  const entries = await readdir(folder).catch(() => [] as string[]);
  await Promise.all(entries.map((entry) => rm(join(folder, entry), { recursive: true, force: true }).catch(() => undefined)));
}

let pool: OfficePool | undefined;
let poolSettings: { instances?: number; recycleAfter?: number } = {};

/** Sets the pool's size and recycling (tests; the server reads FOLIO_OFFICE_INSTANCES). Applies to the next pool started. */
export function configureOffice(settings: { instances?: number; recycleAfter?: number }): void {
  poolSettings = { ...poolSettings, ...settings };
}

function currentPool(): OfficePool {
  if (!pool) {
    pool = new OfficePool(poolSettings.instances ?? loadConfig().officeInstances, poolSettings.recycleAfter ?? DEFAULT_RECYCLE_AFTER);
    registerEngine('libreoffice', stopOffice);
  }
  return pool;
}

/** Converts with a warm pooled instance; rejects with OfficeDocumentError when the document cannot be read/converted. */
export async function convertWithOffice(job: OfficeConversion, engine: EngineOptions): Promise<void> {
  if (!existsSync(BRIDGE)) throw new Error(`The UNO bridge is missing at ${BRIDGE}`);
  const answer = await currentPool().run({ ...job, input: resolve(job.input), output: resolve(job.output) }, engine);
  if (!answer.ok) throw new OfficeDocumentError(answer.message ?? 'unknown reason');
  const written = await stat(job.output).catch(() => undefined);
  if (!written || written.size === 0) throw new OfficeDocumentError('no output was written');
}

/** Stops every instance and removes their profiles (server shutdown); the next job starts a fresh pool. */
export async function stopOffice(): Promise<void> {
  const current = pool;
  pool = undefined;
  unregisterEngine('libreoffice');
  await current?.stop();
  await rm(PROFILES_ROOT, { recursive: true, force: true });
}

/** Pool state, for tests and diagnostics. */
export function officeLoad(): { running: number; waiting: number; instances: number } {
  return pool?.load ?? { running: 0, waiting: 0, instances: 0 };
}

/** The processes running the soffice instances confined (tests stop or kill them to check recovery). */
export function officeProcesses(): number[] {
  return (pool?.instances() ?? []).map((i) => i.officePid).filter((pid): pid is number => pid !== undefined);
}

/** Kills every running soffice outright, as a crash would (tests of recovery). */
export function crashOfficeInstances(): void {
  for (const instance of pool?.instances() ?? []) instance.crash();
}
