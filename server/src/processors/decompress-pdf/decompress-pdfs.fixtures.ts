import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { handWrittenPdf } from '../../../test/support/hand-written-pdf';
import { deflatedZeros } from '../../../test/support/hostile-pdfs';
import { withTempDir } from '../../../test/support/pdfs';

/** PDFs whose streams use each lossless filter, JPEG pictures, inflating streams, and qpdf's reading of a result's streams. */

/** RunLength encoding (PDF 32000 7.4.5) in literal runs of up to 128 bytes. */
function runLength(data: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += 128) {
    const run = data.subarray(i, i + 128);
    parts.push(Buffer.from([run.length - 1]), run);
  }
  return Buffer.concat([...parts, Buffer.from([128])]);
}

const stream = (dict: string, data: Buffer) => Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, Buffer.from('\nendstream')]);

/** The text of each page of `filtersPdf`, drawn by its content stream. */
export const FILTER_PAGE_TEXTS = ['Deflated page', 'Run length page', 'Ascii85 page', 'Hex page'];

/**
 * Four pages, each drawing its text with a content stream under another filter
 * chain: Flate; RunLength; ASCII85 over Flate; ASCIIHex. Page 1 also draws a
 * 16 × 8 RGB picture deflated with PNG predictors.
 */
export function filtersPdf(): Buffer {
  const draw = (text: string) => Buffer.from(`BT /F1 18 Tf 20 150 Td (${text}) Tj ET`);
  const [flate, rl, a85, hex] = FILTER_PAGE_TEXTS.map(draw);
  const pictureRows = Array.from({ length: 8 }, (_, y) =>
    Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 16 * 3 }, (_, x) => (x * 5 + y * 30) % 256))]),
  );
  const page = (contents: number, extra = '') =>
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Resources << /Font << /F1 3 0 R >>${extra} >> /Contents ${contents} 0 R >>`;
  return handWrittenPdf([
    /* 1 */ '<< /Type /Catalog /Pages 2 0 R >>',
    /* 2 */ '<< /Type /Pages /Kids [4 0 R 5 0 R 6 0 R 7 0 R] /Count 4 >>',
    /* 3 */ '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    /* 4 */ page(8, ' /XObject << /Im1 12 0 R >>'),
    /* 5 */ page(9),
    /* 6 */ page(10),
    /* 7 */ page(11),
    /* 8 */ stream('/Filter /FlateDecode', deflateSync(Buffer.concat([flate, Buffer.from(' q 64 0 0 32 20 40 cm /Im1 Do Q')]))),
    /* 9 */ stream('/Filter /RunLengthDecode', runLength(rl)),
    /* 10 */ stream('/Filter [/ASCII85Decode /FlateDecode]', Buffer.from(`${ascii85(deflateSync(a85))}~>`)),
    /* 11 */ stream('/Filter /AHx', Buffer.from(`${hex.toString('hex')}>`)),
    /* 12 */ stream(
      '/Type /XObject /Subtype /Image /Width 16 /Height 8 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /DecodeParms << /Predictor 15 /Colors 3 /Columns 16 >>',
      deflateSync(Buffer.concat(pictureRows)),
    ),
  ]);
}

/** ASCII85 (PDF 32000 7.4.3), without the end marker. */
function ascii85(data: Buffer): string {
  let out = '';
  for (let i = 0; i < data.length; i += 4) {
    const chunk = Buffer.alloc(4);
    data.copy(chunk, 0, i, i + 4);
    const n = Math.min(4, data.length - i);
    let value = chunk.readUInt32BE(0);
    if (value === 0 && n === 4) {
      out += 'z';
      continue;
    }
    const digits: string[] = [];
    for (let d = 0; d < 5; d++) {
      digits.unshift(String.fromCharCode(33 + (value % 85)));
      value = Math.floor(value / 85);
    }
    out += digits.slice(0, n + 1).join('');
  }
  return out;
}

/** The text `lzwPdf`'s page draws. */
export const LZW_PAGE_TEXT = 'Compressed the old way';

/** A page whose content stream Ghostscript's LZW encoder wrote (as Acrobat 2 and old drivers did), codes widened early or not. */
export function lzwPdf(earlyChange: 0 | 1 = 1): Buffer {
  const content = `BT /F1 18 Tf 20 150 Td (${LZW_PAGE_TEXT}) Tj ET `.repeat(20);
  const encoded = withTempDir((dir) => {
    writeFileSync(join(dir, 'plain.bin'), content);
    const program = `/out (encoded.bin) (w) file << /EarlyChange ${earlyChange} >> /LZWEncode filter def out (plain.bin) (r) file 65536 string readstring pop writestring out closefile quit`;
    execFileSync('gs', ['-q', '-dNOSAFER', '-dNODISPLAY', '-c', program], { cwd: dir });
    return readFileSync(join(dir, 'encoded.bin'));
  });
  return onePage(
    '/Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >>',
    stream(`/Filter /LZWDecode${earlyChange === 0 ? ' /DecodeParms << /EarlyChange 0 >>' : ''}`, encoded),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  );
}

/**
 * A page drawn by `count` content streams of a few bytes each, RunLength
 * encoded, or, with `indirectFilter`, under a /Filter the stream names by reference.
 */
export function manyStreamsPdf(count: number, { indirectFilter = false } = {}): Buffer {
  const first = 5;
  const refs = Array.from({ length: count }, (_, i) => `${first + i} 0 R`).join(' ');
  const filter = indirectFilter ? '/Filter 4 0 R' : '/Filter /RunLengthDecode';
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents [${refs}] >>`,
    '/RunLengthDecode',
    ...Array.from({ length: count }, () => stream(filter, Buffer.from([1, 0x71, 0x20, 128]))),
  ]);
}

/** A one-page PDF by img2pdf of a 64 × 48 JPEG made by ImageMagick: the JPEG's bytes stored as they are (DCTDecode). */
export function jpegPdf(): { pdf: Buffer; jpeg: Buffer } {
  return withTempDir((dir) => {
    execFileSync('convert', ['-size', '64x48', 'gradient:red-blue', '-quality', '80', join(dir, 'picture.jpg')]);
    execFileSync('img2pdf', ['-o', join(dir, 'picture.pdf'), join(dir, 'picture.jpg')]);
    return { pdf: readFileSync(join(dir, 'picture.pdf')), jpeg: readFileSync(join(dir, 'picture.jpg')) };
  });
}

/**
 * One page drawing "Intact page" from a sound Flate stream and "Broken page"
 * from one cut short inside its data: viewers show what decodes before the break.
 */
export function damagedStreamPdf(): Buffer {
  const broken = deflateSync(Buffer.from('BT /F1 18 Tf 20 100 Td (Broken page) Tj ET '.repeat(40)));
  return onePage(
    '/Contents [4 0 R 5 0 R] /Resources << /Font << /F1 6 0 R >> >>',
    stream('/Filter /FlateDecode', deflateSync(Buffer.from('BT /F1 18 Tf 20 150 Td (Intact page) Tj ET '))),
    stream('/Filter /FlateDecode', Buffer.concat([broken.subarray(0, 40), Buffer.from('not deflate data')])),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  );
}

/** A page whose content stream is `mib` MiB of zeros, deflated to a few KB. */
export function inflatingContentPdf(mib: number): Buffer {
  return onePage('/Contents 4 0 R', stream('/Filter /FlateDecode', deflatedZeros(1024 * 1024, mib)));
}

/**
 * A page drawing a 1 × 1 picture whose deflated data is `mib` MiB of zeros:
 * small as declared, large as decoded (a viewer reads one pixel; decompressing writes it all).
 */
export function inflatingPicturePdf(mib: number): Buffer {
  return onePage(
    '/Contents 5 0 R /Resources << /XObject << /Im1 4 0 R >> >>',
    stream(
      '/Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode',
      deflatedZeros(1024 * 1024, mib),
    ),
    stream('', Buffer.from('q 100 0 0 100 0 0 cm /Im1 Do Q')),
  );
}

/** A page whose content stream is RunLength runs of 128 zeros: `mib` MiB decoded from 1/64 of that. */
export function runLengthInflatingPdf(mib: number): Buffer {
  const runs = Buffer.alloc((mib * 1024 * 1024) / 64);
  for (let i = 0; i < runs.length; i += 2) [runs[i], runs[i + 1]] = [129, 0];
  return onePage('/Contents 4 0 R', stream('/Filter /RunLengthDecode', Buffer.concat([runs, Buffer.from([128])])));
}

/** A page whose content stream is `mib` MiB of zeros LZW-encoded by Ghostscript. */
export function lzwInflatingPdf(mib: number): Buffer {
  const encoded = withTempDir((dir) => {
    const program = `/out (encoded.bin) (w) file /LZWEncode filter def /zeros 65536 string def ${mib * 16} { out zeros writestring } repeat out closefile quit`;
    execFileSync('gs', ['-q', '-dNOSAFER', '-dNODISPLAY', '-c', program], { cwd: dir });
    return readFileSync(join(dir, 'encoded.bin'));
  });
  return onePage('/Contents 4 0 R', stream('/Filter /LZWDecode', encoded));
}

function onePage(pageEntries: string, ...objects: Buffer[]): Buffer {
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] ${pageEntries} >>`,
    ...objects,
  ]);
}

/** A stream of a PDF as qpdf's JSON lists it: its object, dictionary, and (with `withData`) its stored bytes. */
export interface ReadStream {
  ref: string;
  dict: Record<string, unknown>;
  data?: Buffer;
}

/** Every stream object of `pdf` as the qpdf command line reads it, its bytes as stored (nothing decoded). */
export function readStreams(pdf: Buffer): ReadStream[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const json = JSON.parse(
      execFileSync('qpdf', ['--json=2', '--json-key=qpdf', '--json-stream-data=inline', '--decode-level=none', join(dir, 'x.pdf')], {
        encoding: 'utf8',
        maxBuffer: 1024 * 1024 * 1024,
      }),
    ) as { qpdf: [unknown, Record<string, { stream?: { dict: Record<string, unknown>; data?: string } }>] };
    return Object.entries(json.qpdf[1]).flatMap(([key, entry]) =>
      key.startsWith('obj:') && entry.stream
        ? [{ ref: key.slice(4), dict: entry.stream.dict, data: entry.stream.data === undefined ? undefined : Buffer.from(entry.stream.data, 'base64') }]
        : [],
    );
  });
}

/** A stream's filters, as names. e.g. ['/FlateDecode'] */
export function filtersOf(stream: ReadStream): string[] {
  const filter = stream.dict['/Filter'];
  return filter === undefined ? [] : Array.isArray(filter) ? (filter as string[]) : [filter as string];
}
