import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { ZipFile } from 'yazl';
import { safeEntryName } from '../../engines/zip';

/** One extracted file: its data on disk, its display name and the time it was last changed, if the PDF says. */
export interface ExtractedFile {
  path: string;
  displayName: string;
  modified: Date | null;
}

/**
 * Streams the files into a ZIP (compressed: attachments are often text),
 * each under its display name without any folder, numbered `name_1.ext`,
 * `name_2.ext` … after the first of a name, as the reference numbers them;
 * each entry dated with the file's modification date where the PDF gives one.
 */
export async function writeAttachmentZip(output: string, files: readonly ExtractedFile[]): Promise<void> {
  const zip = new ZipFile();
  const used = new Set<string>();
  for (const file of files) {
    const name = uniqueName(safeEntryName(withoutFolders(file.displayName)), used);
    zip.addFile(file.path, name, { compress: true, ...(file.modified ? { mtime: file.modified } : {}) });
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(output));
}

/** The name after the last folder separator, as the reference's `Filenames.toSimpleFileName`. e.g. 'docs\\a.txt' → 'a.txt' */
function withoutFolders(name: string): string {
  return name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
}

/** e.g. 'a.txt' taken → 'a_1.txt', then 'a_2.txt'; the extension is what follows the last dot, when it is neither first nor last. */
function uniqueName(name: string, used: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 && dot < name.length - 1 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 1; used.has(candidate); n++) candidate = `${stem}_${n}${extension}`;
  used.add(candidate);
  return candidate;
}
