import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { usageError } from './exit-codes';

/** Where results go: stdout, a folder (under the names the server gives), or one file. */
export type OutputTarget = { kind: 'stdout' } | { kind: 'folder'; folder: string } | { kind: 'file'; path: string };

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Reads `-o`: none is the current folder, `-` is stdout, a path ending in `/`
 * or naming an existing folder is a folder, anything else one file (or, with
 * --unzip, the folder a ZIP unpacks into). One file or stdout cannot take the
 * results of several requests.
 */
export function outputTarget(output: string | undefined, requests: number, unzip: boolean, cwd: string): OutputTarget {
  if (output === undefined || output === '') return { kind: 'folder', folder: cwd };
  const several = `${requests} results come back (one per request)`;
  if (output === '-') {
    if (unzip) throw usageError('--unzip writes a folder: it cannot go to stdout (-o -).');
    if (requests > 1) throw usageError(`-o - writes one result to stdout, but ${several}.`);
    return { kind: 'stdout' };
  }
  const path = resolve(cwd, output);
  if (output.endsWith('/') || isFolder(path)) return { kind: 'folder', folder: path };
  if (requests > 1) throw usageError(`-o ${output} names one file, but ${several}: give a folder instead, e.g. -o ${output}/`);
  return { kind: 'file', path };
}
