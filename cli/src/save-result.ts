import { createWriteStream, mkdirSync, openSync, readSync, closeSync, renameSync, rmSync, existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, extname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { dispositionFileName, safeFileName } from './download-name';
import type { OutputStream } from './io';
import type { OutputTarget } from './output-target';
import { isZipSignature, unzipInto } from './unzip';

export interface SaveOptions {
  target: OutputTarget;
  stdout: OutputStream;
  /** The name when the answer gives none, from the tool's declared download name. */
  fallbackName: string;
  unzip: boolean;
  /**
   * Paths this run must not write over: its own inputs and the results it has
   * written already. A result the server names like one of them gets a number
   * (a pipeline's result keeps its upload's name). `-o <file>` is taken as given.
   */
  written: Set<string>;
}

/** `report.pdf`, then `report-2.pdf`, `report-3.pdf`… for results of the same name in one run. */
function unclaimed(path: string, written: ReadonlySet<string>): string {
  if (!written.has(path)) return path;
  const extension = extname(path);
  const stem = path.slice(0, path.length - extension.length);
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}${extension}`;
    if (!written.has(candidate)) return candidate;
  }
}

function startsLikeZip(path: string): boolean {
  const head = Buffer.alloc(4);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  return isZipSignature(head);
}

/**
 * Writes an answer's body where the run was told to: to stdout as it arrives, or
 * to a file under the server's download name (whole, or not at all: it is
 * written beside the target and renamed when complete), or, with --unzip and a
 * ZIP answer, unpacked into a folder. Answers the path written (undefined for stdout).
 */
export async function saveResult(response: Response, options: SaveOptions): Promise<string | undefined> {
  const body = response.body ? Readable.fromWeb(response.body as unknown as WebReadableStream<Uint8Array>) : Readable.from([]);
  const { target } = options;
  if (target.kind === 'stdout') {
    await pipeline(body, options.stdout, { end: false });
    return undefined;
  }
  const name = safeFileName(dispositionFileName(response.headers.get('content-disposition')), options.fallbackName);
  const wanted = target.kind === 'file' ? target.path : join(target.folder, name);
  mkdirSync(dirname(wanted), { recursive: true });
  const partial = join(dirname(wanted), `.${basename(wanted)}.${randomBytes(4).toString('hex')}.part`);
  try {
    await pipeline(body, createWriteStream(partial));
    if (options.unzip && startsLikeZip(partial)) {
      // `-o name` names the folder itself; otherwise the folder is the ZIP's name without .zip.
      const folder = target.kind === 'file' ? target.path : unclaimed(wanted.replace(/\.zip$/i, ''), options.written);
      await unzipInto(partial, folder);
      options.written.add(folder);
      return folder;
    }
    const path = target.kind === 'file' ? target.path : unclaimed(wanted, options.written);
    renameSync(partial, path);
    options.written.add(path);
    return path;
  } finally {
    if (existsSync(partial)) rmSync(partial, { force: true });
  }
}
