import { open } from 'node:fs/promises';
import type { FileTypeKey } from '@folio/registry';

/** How many leading bytes the sniffers look at. */
const HEAD_BYTES = 1024;

/**
 * Content checks per file type: the browser's extension and MIME type are not
 * trusted. A PDF may have junk before its header (PDF 32000 §7.5.2 readers
 * accept it within the first 1024 bytes).
 */
const SNIFFERS = {
  pdf: (head: Buffer) => head.includes('%PDF-'),
} satisfies Record<FileTypeKey, (head: Buffer) => boolean>;

export async function sniffFileType(path: string, accepted: readonly FileTypeKey[]): Promise<FileTypeKey | undefined> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(head, 0, HEAD_BYTES, 0);
    return accepted.find((key) => SNIFFERS[key](head.subarray(0, bytesRead)));
  } finally {
    await handle.close();
  }
}
