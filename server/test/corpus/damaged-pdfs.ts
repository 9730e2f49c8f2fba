import { handWrittenPdf } from '../support/hand-written-pdf';
import { objectStreamBomb } from '../support/hostile-pdfs';
import { makePdf } from '../support/pdfs';
import { loopingNameTreePdf, loopingOutlinePdf, loopingPageTreePdf } from '../support/looping-pdfs';
import {
  replaceOnce,
  SEED_TEXT,
  seedObjects,
  seedPdf,
  stream,
  withStartxref,
  withTrailerEntries,
  withXrefOffsets,
  xrefStreamPdf,
  type ObjectStreamSpec,
  type XrefStreamPdfOptions,
} from './pdf-writer';

/**
 * Deterministic damage done to a few valid seeds: each entry breaks one thing
 * the way real files and real attackers do. The names are the test names, so
 * they say what is broken; `kind` groups them in reports.
 */
export interface DamagedPdf {
  name: string;
  kind: DamageKind;
  build: () => Buffer | Promise<Buffer>;
}

export type DamageKind = 'seed' | 'truncation' | 'xref' | 'object stream' | 'encryption' | 'pdf-style numbers' | 'huge page' | 'self-reference' | 'exhaustion';

/** Seed 1: pdf-lib's output (3 pages, objects in object streams, a cross-reference stream). */
const pdfLibSeed = () => makePdf(3, { label: 'corpus', title: 'Corpus seed', modified: new Date(Date.UTC(2024, 0, 1)) });

/** Seed 2: two pages written by hand, classic cross-reference table (pdf-writer.ts `seedObjects`). */
const classicSeed = () => seedPdf();

/** Seed 3: the same document with catalog, page tree, pages and font packed into one object stream (object 7; xref stream 8). */
const PACKED = [1, 2, 3, 5, 6];
const OBJECT_STREAM = 7;
const objectStreamSeed = (spec: Partial<ObjectStreamSpec> = {}, options: XrefStreamPdfOptions = {}) =>
  xrefStreamPdf(seedObjects(), { objectStreams: [{ holds: PACKED, ...spec }], ...options });

/** The value after the last startxref. */
function startxrefOf(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  return Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))![1]);
}

/** Cuts the 3-page seed at ten places: inside the header, spread through the body, around the end. */
function truncations(): DamagedPdf[] {
  const cuts: [string, (pdf: Buffer) => number][] = [
    ['after the header line', (pdf) => pdf.indexOf('\n') + 1],
    ...[0.1, 0.25, 0.4, 0.55, 0.7, 0.85].map((f): [string, (pdf: Buffer) => number] => [`at ${Math.round(f * 100)}%`, (pdf) => Math.floor(pdf.length * f)]),
    ['just before startxref', (pdf) => pdf.lastIndexOf('startxref')],
    ['inside %%EOF', (pdf) => pdf.lastIndexOf('%%EOF') + 3],
    ['by its last byte', (pdf) => pdf.length - 1],
  ];
  return cuts.map(([where, at]) => ({
    name: `truncated ${where}`,
    kind: 'truncation',
    build: async () => {
      const pdf = await pdfLibSeed();
      return pdf.subarray(0, at(pdf));
    },
  }));
}

const xref: [string, () => Buffer][] = [
  ['cross-reference offsets shifted by 7 bytes', () => withXrefOffsets(classicSeed(), (_, o) => o + 7)],
  ['cross-reference offsets all zero', () => withXrefOffsets(classicSeed(), () => 0)],
  ['cross-reference offsets past the end of the file', () => withXrefOffsets(classicSeed(), (n) => 9_000_000 + n)],
  [
    'cross-reference table without a trailer',
    () => {
      const pdf = classicSeed();
      const text = pdf.toString('latin1');
      return Buffer.from(text.replace(/trailer\s*<<[^]*?>>\s*/, ''), 'latin1');
    },
  ],
  ['cross-reference table claiming 70 entries', () => replaceOnce(classicSeed(), 'xref\n0 7\n', 'xref\n0 70\n')],
  ['startxref past the end of the file', () => withStartxref(classicSeed(), String(classicSeed().length + 4096))],
  ['startxref pointing at byte 0', () => withStartxref(classicSeed(), '0')],
  [
    'no startxref at all',
    () => {
      const pdf = classicSeed();
      return pdf.subarray(0, pdf.lastIndexOf('startxref'));
    },
  ],
  [
    'trailer /Prev pointing at its own table',
    () => {
      const pdf = classicSeed();
      return withTrailerEntries(pdf, `/Prev ${startxrefOf(pdf)}`);
    },
  ],
  [
    'xref stream /Prev pointing at itself',
    () => {
      const offset = startxrefOf(objectStreamSeed());
      return objectStreamSeed({}, { trailer: `/Prev ${offset} ` });
    },
  ],
  ['xref stream with /W [1 9 2] (9-byte offsets)', () => objectStreamSeed({}, { widths: [1, 9, 2] })],
  ['xref stream whose /W does not match its rows', () => objectStreamSeed({}, { declaredW: '[1 2 1]' })],
  ['xref stream with /W [0 0 0]', () => objectStreamSeed({}, { declaredW: '[0 0 0]' })],
  ['xref stream with a negative /W', () => objectStreamSeed({}, { declaredW: '[1 -4 2]' })],
  ['xref stream with a two-entry /W', () => objectStreamSeed({}, { declaredW: '[1 4]' })],
];

const objectStreams: [string, () => Buffer][] = [
  [
    'object stream that /Extends itself',
    () => objectStreamSeed({ dictionary: (a) => `<< /Type /ObjStm /N ${a.n} /First ${a.first} /Extends ${a.self} 0 R /Length ${a.length} >>` }),
  ],
  [
    'two object streams that /Extends each other',
    () =>
      xrefStreamPdf(seedObjects(), {
        objectStreams: [
          { holds: [1, 2], dictionary: (a) => `<< /Type /ObjStm /N ${a.n} /First ${a.first} /Extends 8 0 R /Length ${a.length} >>` },
          { holds: [3, 5, 6], dictionary: (a) => `<< /Type /ObjStm /N ${a.n} /First ${a.first} /Extends 7 0 R /Length ${a.length} >>` },
        ],
      }),
  ],
  [
    'object stream listed as stored inside itself',
    () => objectStreamSeed({}, { rows: (rows) => rows.map((row, num) => (num === OBJECT_STREAM ? [2, OBJECT_STREAM, 0] : row)) }),
  ],
  [
    'object stream with /First past its data',
    () => objectStreamSeed({ dictionary: (a) => `<< /Type /ObjStm /N ${a.n} /First ${a.length + 100} /Length ${a.length} >>` }),
  ],
  [
    'object stream with /First inside its header',
    () => objectStreamSeed({ dictionary: (a) => `<< /Type /ObjStm /N ${a.n} /First ${a.first - 5} /Length ${a.length} >>` }),
  ],
  [
    'object stream with /N larger than real',
    () => objectStreamSeed({ dictionary: (a) => `<< /Type /ObjStm /N ${a.n + 50} /First ${a.first} /Length ${a.length} >>` }),
  ],
  [
    'object stream with /N of two billion',
    () => objectStreamSeed({ dictionary: (a) => `<< /Type /ObjStm /N 2000000000 /First ${a.first} /Length ${a.length} >>` }),
  ],
  ['object stream with a negative /N', () => objectStreamSeed({ dictionary: (a) => `<< /Type /ObjStm /N -4 /First ${a.first} /Length ${a.length} >>` })],
  [
    'xref entry pointing into a content stream as if an object stream',
    () => objectStreamSeed({}, { rows: (rows) => rows.map((row, num) => (num === 3 ? [2, 4, 0] : row)) }),
  ],
  [
    'xref entry with an index past the object stream /N',
    () => objectStreamSeed({}, { rows: (rows) => rows.map((row, num) => (num === 1 ? [2, OBJECT_STREAM, 40] : row)) }),
  ],
];

/** The seed with an /Encrypt dictionary (object 7) and an /ID, though nothing is encrypted. */
function encrypted(dictionary: string, trailer = '/Encrypt 7 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>]'): Buffer {
  return withTrailerEntries(seedPdf({}, [dictionary]), trailer);
}
const O = `/O <${'28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a'}>`;
const U = `/U <${'a5b1c0a1e0a3c2ef0b1c4a5f4d7b0a3e00000000000000000000000000000000'}>`;

const encryption: [string, () => Buffer][] = [
  ['/Encrypt without /O', () => encrypted(`<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 ${U} >>`)],
  ['/Encrypt without /U', () => encrypted(`<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 ${O} >>`)],
  ['/Encrypt with an unknown /Filter', () => encrypted(`<< /Filter /FolioSecretHandler /V 2 /R 3 /Length 128 /P -3904 ${O} ${U} >>`)],
  ['/Encrypt with /V 99', () => encrypted(`<< /Filter /Standard /V 99 /R 3 /Length 128 /P -3904 ${O} ${U} >>`)],
  ['/Encrypt with /R 99', () => encrypted(`<< /Filter /Standard /V 2 /R 99 /Length 128 /P -3904 ${O} ${U} >>`)],
  ['/Encrypt with /V -1 and /R 0', () => encrypted(`<< /Filter /Standard /V -1 /R 0 /Length 128 /P -3904 ${O} ${U} >>`)],
  ['/Encrypt AES-256 (/V 5 /R 6) with short keys and no /OE /UE /Perms', () => encrypted(`<< /Filter /Standard /V 5 /R 6 /Length 256 /P -3904 ${O} ${U} >>`)],
  [
    '/Encrypt /V 4 naming a crypt filter it does not define',
    () => encrypted(`<< /Filter /Standard /V 4 /R 4 /Length 128 /StmF /StdCF /StrF /StdCF /P -3904 ${O} ${U} >>`),
  ],
  ['/Encrypt with a key /Length of 7 bits', () => encrypted(`<< /Filter /Standard /V 2 /R 3 /Length 7 /P -3904 ${O} ${U} >>`)],
  ['/Encrypt that is a number', () => encrypted('42')],
  ['/Encrypt without the trailer /ID', () => encrypted(`<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 ${O} ${U} >>`, '/Encrypt 7 0 R')],
];

const numbers: [string, () => Buffer][] = [
  ['PDF-style numbers in the MediaBox (.5 -.002 612. +792)', () => seedPdf({ mediaBox: '[.5 -.002 612. +792]' })],
  [
    'PDF-style numbers in the content stream',
    () => seedPdf({ content: `BT /F1 +24. Tf +72 700. Td -.5 Tc (${SEED_TEXT}) Tj ET\n.2 .4 +.8 rg +72 600. 200. -.5 re f\n4. w 72 500 m +300. 500. l S` }),
  ],
  [
    'PDF-style numbers in page, font and page-tree dictionaries',
    () => seedPdf({ page: '/Rotate +90 /UserUnit 1.', count: '+2.', font: '/FirstChar +32 /LastChar 33. /Widths [.5 -.002]' }),
  ],
  [
    'PDF-style number as a stream /Length (+NN)',
    () => {
      const objects = seedObjects();
      objects[3] = objects[3].replace(/\/Length (\d+)/, '/Length +$1');
      return handWrittenPdf(objects);
    },
  ],
  [
    'PDF-style numbers in an annotation /Rect and /Border',
    () =>
      seedPdf({ page: '/Annots [7 0 R]' }, [
        '<< /Type /Annot /Subtype /Link /Rect [.5 +.5 100. 4.] /Border [0 0 .5] /A << /S /URI /URI (https://example.com/) >> >>',
      ]),
  ],
  ['exponent notation in the MediaBox (6.12e2, not PDF syntax)', () => seedPdf({ mediaBox: '[0 0 6.12e2 7.92E+2]' })],
  ['MediaBox with numbers of 40 digits', () => seedPdf({ mediaBox: `[0 0 ${'6'.repeat(40)} 792.${'0'.repeat(40)}]` })],
];

const hugePages: [string, () => Buffer][] = [
  ['MediaBox 14400 × 14400 with /UserUnit 75000', () => seedPdf({ mediaBox: '[0 0 14400 14400]', page: '/UserUnit 75000' })],
  ['MediaBox 14400 × 14400', () => seedPdf({ mediaBox: '[0 0 14400 14400]' })],
  ['MediaBox 10 million points wide', () => seedPdf({ mediaBox: '[0 0 10000000 792]' })],
  ['zero-size MediaBox [0 0 0 0]', () => seedPdf({ mediaBox: '[0 0 0 0]' })],
  ['negative-size MediaBox [0 0 -612 -792]', () => seedPdf({ mediaBox: '[0 0 -612 -792]' })],
  ['MediaBox with two numbers', () => seedPdf({ mediaBox: '[612 792]' })],
  ['/UserUnit 0', () => seedPdf({ page: '/UserUnit 0' })],
  ['/UserUnit -1 and a CropBox beyond the MediaBox', () => seedPdf({ page: '/UserUnit -1 /CropBox [-5000 -5000 90000 90000]' })],
];

const selfReferences: [string, () => Buffer][] = [
  [
    'page whose /Parent is the page itself',
    () => {
      const objects = seedObjects();
      objects[2] = objects[2].replace('/Parent 2 0 R', '/Parent 3 0 R');
      return handWrittenPdf(objects);
    },
  ],
  [
    'page tree whose /Kids contains its ancestor',
    () => {
      const objects = seedObjects();
      objects[1] = '<< /Type /Pages /Kids [7 0 R] /Count 3 >>';
      objects[2] = objects[2].replace('/Parent 2 0 R', '/Parent 7 0 R');
      objects[5] = objects[5].replace('/Parent 2 0 R', '/Parent 7 0 R');
      return handWrittenPdf([...objects, '<< /Type /Pages /Parent 2 0 R /Kids [3 0 R 6 0 R 2 0 R] /Count 3 >>']);
    },
  ],
  [
    'content stream whose /Length refers to itself',
    () => {
      const objects = seedObjects();
      objects[3] = objects[3].replace(/\/Length \d+/, '/Length 4 0 R');
      return handWrittenPdf(objects);
    },
  ],
  [
    'catalog whose /Pages is the catalog',
    () => {
      const objects = seedObjects();
      objects[0] = '<< /Type /Catalog /Pages 1 0 R >>';
      return handWrittenPdf(objects);
    },
  ],
  ['/Contents array that contains itself', () => replaceOnce(seedPdf({}, ['[4 0 R 7 0 R]']), '/Contents 4 0 R', '/Contents 7 0 R')],
  ['MediaBox that is an object referring to itself', () => seedPdf({ mediaBox: '7 0 R' }, ['7 0 R'])],
  [
    'form XObject that draws itself',
    () =>
      seedPdf({ resources: '<< /Font << /F1 5 0 R >> /XObject << /X1 7 0 R >> >>', content: `BT /F1 24 Tf 72 700 Td (${SEED_TEXT}) Tj ET q /X1 Do Q` }, [
        stream('0 0 1 rg 10 10 50 50 re f /X1 Do', '/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject << /X1 7 0 R >> >> '),
      ]),
  ],
  [
    'outline item whose /First and /Next are itself',
    () => {
      const objects = seedObjects();
      objects[0] = '<< /Type /Catalog /Pages 2 0 R /Outlines 7 0 R >>';
      return handWrittenPdf([
        ...objects,
        '<< /Type /Outlines /First 8 0 R /Last 8 0 R /Count 1 >>',
        '<< /Title (Loop) /Parent 7 0 R /First 8 0 R /Last 8 0 R /Next 8 0 R /Count 1 /Dest [3 0 R /Fit] >>',
      ]);
    },
  ],
];

/**
 * Valid files made to exhaust a reader that holds a whole document in memory (Issue 27). The file of
 * 600,000 tiny objects goes to the tools it threatens only (pdf-lib-isolation.spec.ts): 29 MB for every tool.
 */
/** Trees that turn back on themselves or share branches (server/test/support/looping-pdfs.ts). */
const loops: [string, () => Buffer][] = [
  ['bookmarks whose siblings and children point back at each other', () => loopingOutlinePdf()],
  ['page tree that lists itself through a second node', () => loopingPageTreePdf()],
  ['name trees whose kids loop, and share branches 40 levels deep', () => loopingNameTreePdf()],
];

const exhaustion: [string, () => Buffer][] = [['object stream inflating to 1 GiB beside a valid page', () => objectStreamBomb(1)]];

const entries = (kind: DamageKind, list: [string, () => Buffer][]): DamagedPdf[] => list.map(([name, build]) => ({ name, kind, build }));

/** Every damaged file, in a stable order (the order of the test names). */
export const DAMAGED_PDFS: readonly DamagedPdf[] = [
  { name: 'valid seed: pdf-lib, 3 pages, object streams', kind: 'seed', build: pdfLibSeed },
  { name: 'valid seed: hand-written, classic cross-reference table', kind: 'seed', build: classicSeed },
  { name: 'valid seed: hand-written, object stream and xref stream', kind: 'seed', build: () => objectStreamSeed() },
  ...truncations(),
  ...entries('xref', xref),
  ...entries('object stream', objectStreams),
  ...entries('encryption', encryption),
  ...entries('pdf-style numbers', numbers),
  ...entries('huge page', hugePages),
  ...entries('self-reference', selfReferences),
  ...entries('self-reference', loops),
  ...entries('exhaustion', exhaustion),
];
