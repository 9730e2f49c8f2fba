import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import type { EngineOptions } from '../engines/process';
import { makeEngineFolder } from '../engines/confinement';
import { PendingSet } from './pending-set';

const logger = new Logger('Workspace');

/**
 * A request's private folder. Everything a request writes goes here, and its
 * engines are confined to it: they see nothing of other requests' folders.
 */
export class Workspace {
  /** The engine processes the request has running. */
  readonly processes = new PendingSet();
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

  /**
   * Removes the folder once every engine process of the request has exited. Never throws: what cannot be removed now (a
   * filesystem refusing) is logged and left to the sweeper.
   */
  release(): Promise<void> {
    this.released ??= (async () => {
      try {
        await this.processes.allSettled();
        await rm(this.dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
      } catch (error) {
        logger.warn(`Could not remove ${this.dir} yet (${error instanceof Error ? error.message : String(error)}); the sweeper will.`);
      }
    })();
    return this.released;
  }
}
