import { createReadStream, type ReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, join } from 'node:path';

/**
 * Where jobs' files live between the node that took the upload and the node
 * that runs the job, and until the result is downloaded. One folder per job.
 * A shared folder (a volume every node mounts) implements it today; an object
 * store would implement the same four verbs (put inputs, open for work, read a
 * result, remove), fetching inputs into a local folder for the engines.
 */
export interface JobStorage {
  /** Moves a request's uploads into a new job folder; returns each file's name there. */
  putInputs(jobId: string, paths: readonly string[]): Promise<string[]>;
  /** The local folder a worker runs the job in (inputs present; the result is written there). */
  folderFor(jobId: string): string;
  /** A result file's bytes and size. */
  openResult(jobId: string, file: string): Promise<{ stream: ReadStream; size: number }>;
  remove(jobId: string): Promise<void>;
  /** Every job folder with its last change, for the sweep of abandoned jobs. */
  list(): Promise<{ jobId: string; changedAt: number }[]>;
}

/** Job folders under one root: the local work folder (embedded) or `FOLIO_SHARED_DIR` (every node). */
export class FolderJobStorage implements JobStorage {
  constructor(private readonly root: string) {}

  async putInputs(jobId: string, paths: readonly string[]): Promise<string[]> {
    const folder = this.folderFor(jobId);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    const names: string[] = [];
    for (const path of paths) {
      const name = basename(path);
      await moveFile(path, join(folder, name));
      names.push(name);
    }
    return names;
  }

  folderFor(jobId: string): string {
    return join(this.root, jobId);
  }

  async openResult(jobId: string, file: string): Promise<{ stream: ReadStream; size: number }> {
    const path = join(this.folderFor(jobId), basename(file));
    const { size } = await stat(path);
    return { stream: createReadStream(path, { highWaterMark: 1024 * 1024 }), size };
  }

  async remove(jobId: string): Promise<void> {
    await rm(this.folderFor(jobId), { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  }

  async list(): Promise<{ jobId: string; changedAt: number }[]> {
    let entries: string[];
    try {
      entries = await readdir(this.root);
    } catch {
      return [];
    }
    const folders = await Promise.all(
      entries.map(async (jobId) => {
        try {
          return { jobId, changedAt: (await stat(join(this.root, jobId))).mtimeMs };
        } catch {
          return undefined; // removed meanwhile
        }
      }),
    );
    return folders.filter((f) => f !== undefined);
  }
}

/** A rename, or a copy when the upload folder is on another filesystem than the shared one. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await unlink(from);
  }
}

/** Injection token of the job storage. */
export const JOB_STORAGE = Symbol('JOB_STORAGE');
