import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** Writes object `id` of the file: its parts one after the other between `obj` and `endobj`. */
export type WriteObject = (id: number, ...parts: (string | Buffer)[]) => Promise<void>;

/**
 * A PDF written object by object straight to disk, then its cross-reference
 * table and a trailer naming object 1 as the catalog: gigabyte test files cost
 * no memory. `writeObjects` must write objects 1 to its highest id, each once.
 */
export async function writeStreamedPdf(path: string, writeObjects: (object: WriteObject) => Promise<void>): Promise<void> {
  const out = createWriteStream(path);
  let offset = 0;
  const offsets: number[] = [];
  const write = async (chunk: string | Buffer) => {
    offset += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  };
  await write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  await writeObjects(async (id, ...parts) => {
    offsets[id] = offset;
    await write(`${id} 0 obj\n`);
    for (const part of parts) await write(part);
    await write('\nendobj\n');
  });
  const size = offsets.length;
  const xrefAt = offset;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let id = 1; id < size; id++) xref += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  await write(`${xref}trailer\n<< /Size ${size} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  out.end();
  await once(out, 'finish');
}
