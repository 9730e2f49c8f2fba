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

/**
 * An entry name safe to unpack anywhere: flat (no folder separators, so no
 * path escapes), without control characters (a CR/LF from an upload's name
 * would split listings and logs), never empty.
 */
export function safeEntryName(name: string): string {
  const cleaned = name
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/[/\\]/g, '_')
    .trim();
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'file' : cleaned;
}

/** Two results with one name would overwrite each other when unzipped: number the later ones. */
function uniqueName(rawName: string, used: Set<string>): string {
  const name = safeEntryName(rawName);
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const stem = dot > 0 ? name.slice(0, dot) : name;
  const ext = dot > 0 ? name.slice(dot) : '';
  for (let i = 2; used.has(candidate); i++) candidate = `${stem} (${i})${ext}`;
  used.add(candidate);
  return candidate;
}
