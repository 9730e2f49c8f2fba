import { constants, type ReadStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, realpath, rename, rm, stat, unlink } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import { ownedFolderPrefix } from '../workspace/sweeper';

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
  /** A result file's bytes and size; `file` is relative to the job's folder. */
  openResult(jobId: string, file: string): Promise<{ stream: ReadStream; size: number }>;
  remove(jobId: string): Promise<void>;
  /** Every job folder with its last change, for the sweep of abandoned jobs. */
  list(): Promise<{ jobId: string; changedAt: number }[]>;
}

/** Job folders under one root: the local work folder (embedded) or `FOLIO_SHARED_DIR` (every node), each named `<prefix><job id>`. */
export class FolderJobStorage implements JobStorage {
  constructor(
    private readonly root: string,
    private readonly prefix = '',
  ) {}

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
    return join(this.root, `${this.prefix}${jobId}`);
  }

  async openResult(jobId: string, file: string): Promise<{ stream: ReadStream; size: number }> {
    // A result may sit in a folder of its own within the job's (Detect/Split's one photo); never outside it.
    // Engines wrote in that folder: a link they left (to /etc/shadow, say) is never followed out of it.
    const folder = await realpath(this.folderFor(jobId));
    const path = await realpath(resolve(folder, file));
    if (!path.startsWith(`${folder}${sep}`)) throw new Error(`The result "${file}" is not in job ${jobId}'s folder.`);
    const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      throw new Error(`The result "${file}" of job ${jobId} is not a file.`);
    }
    return { stream: handle.createReadStream({ highWaterMark: 1024 * 1024 }), size: stats.size };
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
      entries.map(async (entry) => {
        if (!entry.startsWith(this.prefix)) return undefined;
        try {
          return { jobId: entry.slice(this.prefix.length), changedAt: (await stat(join(this.root, entry))).mtimeMs };
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

/**
 * The storage of jobs run in this process: folders in the work folder, named
 * for this process (`job-<pid>-<job id>`), so that a server started after a
 * crash removes them at once, as it does request folders.
 */
export function embeddedJobStorage(workDir: string): FolderJobStorage {
  return new FolderJobStorage(workDir, ownedFolderPrefix('job'));
}

/** Injection token of the job storage. */
export const JOB_STORAGE = Symbol('JOB_STORAGE');
