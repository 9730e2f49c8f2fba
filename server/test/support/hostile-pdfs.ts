import { constants, deflateSync } from 'node:zlib';
import { handWrittenPdf } from './hand-written-pdf';
import { makePdf } from './pdfs';
import { loopingNameTreePdf, loopingOutlinePdf, loopingPageTreePdf } from './looping-pdfs';

/** Broken and hostile inputs, each a real-world way a PDF service gets hurt. */

/**
 * A zlib stream of `repeats` × `chunkBytes` zeros, built without compressing them
 * all: after a full flush deflate output restarts from scratch, so one chunk's
 * compressed block can be repeated. The Adler-32 of n zeros is (n mod 65521) << 16 | 1.
 */
export function deflatedZeros(chunkBytes: number, repeats: number): Buffer {
  const first = deflateSync(Buffer.alloc(chunkBytes), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const [header, block] = [first.subarray(0, 2), first.subarray(2)];
  const finalEmptyBlock = Buffer.from([0x03, 0x00]);
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE(((Number((BigInt(chunkBytes) * BigInt(repeats)) % 65521n) << 16) | 1) >>> 0);
  return Buffer.concat([header, ...Array.from({ length: repeats }, () => block), finalEmptyBlock, adler]);
}

/** A page whose content stream inflates from about 2 MB to 2 GiB of zeros. */
export function decompressionBomb(): Buffer {
  const stream = deflatedZeros(16 * 1024 * 1024, 128);
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    Buffer.concat([Buffer.from(`<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`), stream, Buffer.from('\nendstream')]),
  ]);
}

/** A page drawing one image of 30 000 × 30 000 RGB pixels, all zeros: 2.7 GB that deflate to under 3 MB. */
export function imageBomb(): Buffer {
  const rows = 30000 * 3 * 200;
  const pixels = deflatedZeros(rows, 150);
  const content = 'q 500 0 0 500 50 150 cm /Im1 Do Q';
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width 30000 /Height 30000 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`,
      ),
      pixels,
      Buffer.from('\nendstream'),
    ]),
  ]);
}

/**
 * One page, then `count` tiny objects (`N 0 obj [1 2 3] endobj`) nothing refers to,
 * all listed in a correct cross-reference table: what a streaming reader (qpdf)
 * skips costs a parser that holds every object in memory (pdf-lib) about 850
 * bytes of heap and some microseconds each. Issue 27: 2 000 000 of them (97 MB)
 * took one in-process load 166 s and 1.7 GB. Without `endobj` (pdf-lib does not
 * need it) each object carries the keyword `obj` only once.
 */
export function manyObjectsPdf(count: number, { endobj = true } = {}): Buffer {
  const head = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] >>'];
  const total = head.length + count;
  const chunks: string[] = ['%PDF-1.7\n'];
  const offsets = new Array<number>(total);
  let offset = chunks[0].length;
  for (let number = 1; number <= total; number++) {
    const body = number <= head.length ? `${head[number - 1]}\nendobj` : endobj ? '[1 2 3]\nendobj' : '[1 2 3]';
    const chunk = `${number} 0 obj\n${body}\n`;
    offsets[number - 1] = offset;
    offset += chunk.length;
    chunks.push(chunk);
  }
  chunks.push(`xref\n0 ${total + 1}\n0000000000 65535 f \n`);
  for (const o of offsets) chunks.push(`${String(o).padStart(10, '0')} 00000 n \n`);
  chunks.push(`trailer\n<< /Size ${total + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`);
  return Buffer.from(chunks.join(''), 'latin1');
}

/**
 * About 1 MB that holds an object stream inflating to `gib` GiB of zeros (blanks
 * to a PDF parser), beside a valid one-page document that never refers to it: a
 * reader that decodes every object stream up front (pdf-lib) inflates it all
 * before it finds nothing there. Issue 27: three at once kept /health/live
 * waiting 17 s.
 */
export function objectStreamBomb(gib = 1): Buffer {
  const stream = deflatedZeros(16 * 1024 * 1024, 64 * gib);
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] >>',
    Buffer.concat([
      Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`),
      stream,
      Buffer.from('\nendstream'),
    ]),
  ]);
}

/** Each hostile input by name, built on demand (names are known up front, so each can be its own test). */
export const HOSTILE_INPUTS: Record<string, () => Buffer | Promise<Buffer>> = {
  'truncated PDF': async () => {
    const valid = await makePdf(4, { label: 'valid' });
    return valid.subarray(0, Math.floor(valid.length * 0.6));
  },
  'broken cross-reference table': async () => {
    const valid = await makePdf(4, { label: 'valid' });
    return Buffer.concat([valid.subarray(0, valid.lastIndexOf('startxref')), Buffer.from('startxref\n999999\n%%EOF\n')]);
  },
  'page tree with a cycle': () =>
    handWrittenPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ]),
  'catalog without pages': () => handWrittenPdf(['<< /Type /Catalog >>']),
  'file that claims to be a PDF but is not': () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('GIF89a'.repeat(500))]),
  'huge page size (pixel bomb)': () =>
    handWrittenPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 14400 14400] /UserUnit 75000 >>',
    ]),
  'decompression bomb (2 GiB of zeros)': decompressionBomb,
  'huge image (declaring 2.7 GB of pixels)': imageBomb,
  // The file of 600,000 tiny objects is not here: the tools that read whole documents take qpdf longer than
  // this suite's 20 s job limit on it (the limit's 500, as the reference's); pdf-lib-isolation.spec.ts sends it to
  // the tools it threatens. Nor the form whose fields share their kids: it holds every Poppler tool for its
  // watchdog; looping-structures.spec.ts sends it to one tool of each reader.
  'object stream inflating to 1 GiB': () => objectStreamBomb(1),
  // Called when used: looping-pdfs.ts builds on this module.
  'bookmarks that loop': () => loopingOutlinePdf(),
  'page tree that lists itself': () => loopingPageTreePdf(),
  'name trees that loop and share branches 40 levels deep': () => loopingNameTreePdf(),
};
