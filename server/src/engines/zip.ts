import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';

export interface ZipEntry {
  /** File on disk to add. */
  path: string;
  /** Name inside the archive (flat, no folders). */
  name: string;
}

/**
 * Streams files into a ZIP on disk. PDFs are already compressed, so entries are
 * stored, which keeps this fast and memory-flat for large results.
 */
export async function writeZip(output: string, entries: readonly ZipEntry[]): Promise<void> {
  const zip = new ZipFile();
  const used = new Set<string>();
  for (const entry of entries) {
    zip.addFile(entry.path, uniqueName(entry.name, used), { compress: false });
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(output));
}

/** Two results with one name would overwrite each other when unzipped: number the later ones. */
function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let i = 2; used.has(candidate); i++) candidate = `${stem} (${i})${ext}`;
  used.add(candidate);
  return candidate;
}
