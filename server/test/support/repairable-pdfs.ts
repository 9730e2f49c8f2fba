import { deflateSync } from 'node:zlib';

/**
 * A three-page document (each page's text in a Flate-compressed content
 * stream, a classic cross-reference table, a bookmark per page) and the
 * damage Repair PDF is asked to undo, each done the way real files break.
 * `REPAIRABLE_TEXTS[i]` is on page i + 1.
 */

export const REPAIRABLE_TEXTS = ['Quarterly figures north', 'Quarterly figures south', 'Quarterly figures west'] as const;

/** Object numbers of the pages' content streams, in page order. */
const CONTENTS = [4, 6, 8];

function content(page: number): Buffer {
  const filler = 'This line keeps the stream long enough to be cut in the middle. '.repeat(6);
  return Buffer.from(`BT /F1 24 Tf 72 700 Td (${REPAIRABLE_TEXTS[page]}) Tj ET\nBT /F1 9 Tf 40 600 Td (${filler}) Tj ET\n0.8 0.2 0.2 rg 72 500 200 40 re f\n`);
}

function objects(): (string | Buffer)[] {
  const stream = (data: Buffer) =>
    Buffer.concat([Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`), data, Buffer.from('\nendstream')]);
  const page = (n: number) => `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 9 0 R >> >> /Contents ${CONTENTS[n]} 0 R >>`;
  return [
    /* 1 */ '<< /Type /Catalog /Pages 2 0 R /Outlines 10 0 R >>',
    /* 2 */ '<< /Type /Pages /Kids [3 0 R 5 0 R 7 0 R] /Count 3 >>',
    /* 3 */ page(0),
    /* 4 */ stream(deflateSync(content(0))),
    /* 5 */ page(1),
    /* 6 */ stream(deflateSync(content(1))),
    /* 7 */ page(2),
    /* 8 */ stream(deflateSync(content(2))),
    /* 9 */ '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    /* 10 */ '<< /Type /Outlines /First 11 0 R /Last 13 0 R /Count 3 >>',
    /* 11 */ '<< /Title (North) /Parent 10 0 R /Next 12 0 R /Dest [3 0 R /Fit] >>',
    /* 12 */ '<< /Title (South) /Parent 10 0 R /Prev 11 0 R /Next 13 0 R /Dest [5 0 R /Fit] >>',
    /* 13 */ '<< /Title (West) /Parent 10 0 R /Prev 12 0 R /Dest [7 0 R /Fit] >>',
  ];
}

/** The intact document: `%PDF-1.7`, objects from 1 in order, one classic cross-reference table. */
export function repairablePdf(): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  for (const [i, body] of objects().entries()) {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'), Buffer.from('\nendobj\n')]);
    parts.push(chunk);
    offset += chunk.length;
  }
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

const latin1 = (pdf: Buffer) => pdf.toString('latin1');

/** Where the data of object `n`'s stream starts. */
function streamDataOf(pdf: Buffer, n: number): number {
  const text = latin1(pdf);
  return text.indexOf('stream\n', text.indexOf(`\n${n} 0 obj\n`)) + 'stream\n'.length;
}

/** Every cross-reference offset moved 13 bytes past its object. */
export function brokenOffsetsPdf(): Buffer {
  return Buffer.from(
    latin1(repairablePdf()).replace(/^(\d{10}) 00000 n $/gm, (_, o: string) => `${String(Number(o) + 13).padStart(10, '0')} 00000 n `),
    'latin1',
  );
}

/** No cross-reference table, no trailer, no startxref: the objects alone. */
export function missingXrefPdf(): Buffer {
  const pdf = repairablePdf();
  return pdf.subarray(0, latin1(pdf).lastIndexOf('xref\n0 '));
}

/** Cut 40 bytes into the third page's content stream, as an interrupted download is. */
export function truncatedPdf(): Buffer {
  const pdf = repairablePdf();
  return pdf.subarray(0, streamDataOf(pdf, CONTENTS[2]) + 40);
}

/** Every stream's /Length 57 bytes longer than its data. */
export function brokenLengthsPdf(): Buffer {
  return Buffer.from(
    latin1(repairablePdf()).replace(/\/Length (\d+)/g, (_, n: string) => `/Length ${Number(n) + 57}`),
    'latin1',
  );
}

/** 600 bytes of mail-gateway junk before `%PDF-` (inside the first kilobyte, where readers look for the header). */
export function junkBeforeHeaderPdf(): Buffer {
  return Buffer.concat([Buffer.from('X-Scanned-By: gateway 1.0\r\n'.repeat(22).slice(0, 600), 'latin1'), repairablePdf()]);
}

/** The second page's compressed content damaged a few bytes in: its text no longer decodes. */
export function brokenStreamPdf(): Buffer {
  const pdf = Buffer.from(repairablePdf());
  const at = streamDataOf(pdf, CONTENTS[1]) + 6;
  for (let i = 0; i < 6; i++) pdf[at + i] ^= 0xa5;
  return pdf;
}

/** Starts like a PDF, holds no page at all. */
export function hopelessPdf(): Buffer {
  return Buffer.from(`%PDF-1.7\n${'%\x01\x02 not an object \x7f\n'.repeat(40)}%%EOF\n`, 'latin1');
}

// ------------------------------------------------------------ damage done to other programs' files

/** The first `fraction` of the file's bytes, as an interrupted download leaves it. */
export function cutShort(pdf: Buffer, fraction: number): Buffer {
  return pdf.subarray(0, Math.floor(pdf.length * fraction));
}

/** The file cut just before the object that holds its catalog: the page tree and trailer after it are lost too. */
export function cutBeforeCatalog(pdf: Buffer): Buffer {
  const text = latin1(pdf);
  const catalog = text.search(/\/Type\s*\/Catalog\b/);
  if (catalog < 0) throw new Error('no catalog to cut before');
  const header = [...text.slice(0, catalog).matchAll(/\d+\s+\d+\s+obj\b/g)].at(-1);
  return pdf.subarray(0, header!.index);
}

/** Every offset of the last classic cross-reference table set to 0. */
export function zeroedXrefOffsets(pdf: Buffer): Buffer {
  const text = latin1(pdf);
  const table = text.lastIndexOf('\nxref');
  if (table < 0) throw new Error('no classic cross-reference table');
  return Buffer.from(text.slice(0, table) + text.slice(table).replace(/^\d{10} 00000 n/gm, '0000000000 00000 n'), 'latin1');
}

/** The data of the file's `nth` stream (0-based, in file order) overwritten with zero bytes, its length kept. */
export function zeroedStream(pdf: Buffer, nth: number): Buffer {
  const damaged = Buffer.from(pdf);
  const text = latin1(pdf);
  const starts = [...text.matchAll(/stream\r?\n/g)].filter((m) => !text.slice(m.index - 3, m.index).endsWith('end'));
  const start = starts[nth].index + starts[nth][0].length;
  const end = text.indexOf('endstream', start);
  damaged.fill(0, start, end - 1);
  return damaged;
}
