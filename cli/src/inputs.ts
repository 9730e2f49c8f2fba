import { openAsBlob, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { usageError } from './exit-codes';
import type { CliIo } from './io';

/** A file to upload: from disk, or the bytes read from stdin. */
export interface InputFile {
  /** The name it is sent under; the server names results after it. e.g. 'report.pdf' */
  name: string;
  size: number;
  /** The path on disk; absent for stdin. */
  path?: string;
  /** The bytes, for stdin (read once, before anything is sent). */
  bytes?: Buffer;
}

/** The name input read from stdin is sent under, unless `--stdin-name` gives another. */
export const STDIN_NAME = 'stdin.pdf';

/** The file's content for an upload: read from disk as it is sent. */
export async function contentOf(file: InputFile): Promise<Blob> {
  if (file.path !== undefined) return openAsBlob(file.path);
  return new Blob([new Uint8Array(file.bytes ?? Buffer.alloc(0))]);
}

/** Reads all of stdin. */
async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** Natural order ('page2.pdf' before 'page10.pdf'): a merge takes files in the order given. */
const naturalOrder = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** One path on disk as an input, or a usage error saying what is wrong with it. */
function fileAt(path: string, shown: string): InputFile {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    throw usageError(`No such file: ${shown}`);
  }
  if (stats.isDirectory()) throw usageError(`${shown} is a folder: give the files in it, e.g. '${shown.replace(/\/$/, '')}/*.pdf'.`);
  return { name: basename(path), size: stats.size, path };
}

/**
 * The files named on the command line, in order: paths, globs (expanded here too,
 * so a quoted '*.pdf' works), and `-` for stdin.
 */
export async function resolveInputs(args: readonly string[], io: CliIo, stdinName = STDIN_NAME): Promise<InputFile[]> {
  const files: InputFile[] = [];
  let stdinUsed = false;
  for (const arg of args) {
    if (arg === '-') {
      if (stdinUsed) throw usageError('stdin (-) can be given only once.');
      stdinUsed = true;
      const bytes = await readAll(io.stdin);
      files.push({ name: stdinName, size: bytes.length, bytes });
      continue;
    }
    const path = resolve(io.cwd, arg);
    if (isDynamicPattern(arg) && !exists(path)) {
      const matches = await glob(arg, { cwd: io.cwd, onlyFiles: true, absolute: true, expandDirectories: false });
      if (matches.length === 0) throw usageError(`No file matches ${arg}`);
      files.push(...matches.sort(naturalOrder.compare).map((match) => fileAt(match, match)));
      continue;
    }
    files.push(fileAt(path, arg));
  }
  return files;
}

/** The files given to a `file` field (an image to stamp, a certificate): paths only. */
export function resolveFieldFiles(paths: readonly string[], io: CliIo): InputFile[] {
  return paths.map((path) => fileAt(resolve(io.cwd, path), path));
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
