import { mkdirSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { Request } from 'express';
import type { EngineOptions } from '../engines/process';
import { makeEngineFolder } from '../engines/confinement';
import { ownedFolderPrefix } from './sweeper';
import { PendingSet } from './pending-set';

const logger = new Logger('Workspace');

/**
 * A request's private folder. Everything a request writes goes here, and its
 * engines are confined to it: they see nothing of other requests' folders.
 */
export class Workspace {
  /** The engine processes the request has running. */
  readonly processes = new PendingSet();
  /** Jobs that may run on after their client has gone. */
  private readonly work = new PendingSet();
  private released?: Promise<void>;

  constructor(readonly dir: string) {}

  /** A fresh path in the workspace. e.g. newPath('.pdf') → '/tmp/folio/req-x/3f2a….pdf' */
  newPath(extension = ''): string {
    return join(this.dir, `${randomUUID()}${extension}`);
  }

  /** A fresh, empty folder in the workspace. */
  async newFolder(): Promise<string> {
    const path = this.newPath();
    await makeEngineFolder(path);
    return path;
  }

  /** What engines of a job in this workspace get: its deadline and signal, this folder, and a place to track their processes. */
  engineOptions(job: Pick<EngineOptions, 'deadline' | 'timeLimitMs' | 'signal'>): EngineOptions {
    return { ...job, folder: this.dir, processes: this.processes };
  }

  /** Keeps the folder until `work` has settled: a job may run on for a moment after its client has gone. */
  hold(work: Promise<unknown>): void {
    this.work.add(work);
  }

  /**
   * Removes the folder once held work has settled and every engine process of
   * the request has exited. Never throws: what cannot be removed now (a
   * filesystem refusing) is logged and left to the sweeper.
   */
  release(): Promise<void> {
    this.released ??= (async () => {
      try {
        await this.work.allSettled();
        await this.processes.allSettled();
        await rm(this.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      } catch (error) {
        logger.warn(`Could not remove ${this.dir} yet (${error instanceof Error ? error.message : String(error)}); the sweeper will.`);
      }
    })();
    return this.released;
  }
}

const WORKSPACE = Symbol('folio.workspace');

/**
 * The workspace of a request, created on first use (multer asks for it while the
 * upload streams in) and released once the response is closed, whatever happened.
 */
export function requestWorkspace(req: Request, workDir: string): Workspace {
  const holder = req as Request & { [WORKSPACE]?: Workspace };
  const existing = holder[WORKSPACE];
  if (existing) return existing;
  mkdirSync(workDir, { recursive: true, mode: 0o700 });
  const workspace = new Workspace(mkdtempSync(join(workDir, ownedFolderPrefix('req'))));
  holder[WORKSPACE] = workspace;
  const release = () => void workspace.release();
  if (req.res) req.res.once('close', release);
  else req.once('close', release);
  return workspace;
}
