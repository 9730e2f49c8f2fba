import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, inflateSync } from 'node:zlib';
import {
  beginText,
  degrees,
  endText,
  moveText,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  setFontAndSize,
  setTextRenderingMode,
  showText,
  StandardFonts,
  TextRenderingMode,
} from 'pdf-lib';
import request from 'supertest';
import { autoRedactTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { imageCount, pageWords, type Word } from '../../../test/support/page-geometry';
import { encryptPdf, isEncrypted, pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

const ENDPOINT = autoRedactTool.endpoint;

const LINES = ['alpha secret beta secretive gamma', 'delta Secret epsilon zeta', 'phone 555-1234 and 555-9876 here', 'the end of secrets'];

interface TextPdfOptions {
  /** Points between baselines. */
  leading?: number;
  /** /Rotate of every page. */
  rotate?: 0 | 90;
  pages?: number;
  /** A link over the first line's second word, a square over the last line's last, and a note far from any text. */
  annotations?: boolean;
}

/** 400 × 300 pt pages of 12 pt Helvetica lines (the same on every page), with Info metadata to see cleared. */
async function textPdf(lines: readonly string[] = LINES, options: TextPdfOptions = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < (options.pages ?? 1); p++) {
    const page = doc.addPage([400, 300]);
    lines.forEach((line, i) => page.drawText(line, { x: 30, y: 260 - i * (options.leading ?? 18), size: 12, font }));
    if (options.rotate) page.setRotation(degrees(options.rotate));
    if (options.annotations) {
      const secretX = 30 + font.widthOfTextAtSize('alpha ', 12);
      const link = doc.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [secretX, 257, secretX + font.widthOfTextAtSize('secret', 12), 270],
        A: { S: 'URI', URI: PDFString.of('https://example.com/secret') },
      });
      // A square over the fourth line's last word, "secrets".
      const square = doc.context.obj({ Type: 'Annot', Subtype: 'Square', Rect: [95, 198, 140, 214], Contents: PDFString.of('see secrets') });
      const note = doc.context.obj({ Type: 'Annot', Subtype: 'Text', Rect: [340, 20, 360, 40], Contents: PDFString.of('a note') });
      page.node.set(PDFName.of('Annots'), doc.context.obj([link, square, note].map((annot) => doc.context.register(annot))));
    }
  }
  doc.setTitle('Kept title');
  doc.setAuthor('Jane Author');
  doc.setSubject('Quarterly figures');
  doc.setKeywords(['confidential']);
  doc.setModificationDate(new Date('2001-02-03T04:05:06Z'));
  // An XMP packet, which redaction removes (reference §5.4).
  const xmp = doc.context.stream('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>', {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(xmp));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/**
 * Text a viewer does not show but the file holds: a line drawn invisibly (as an
 * OCR layer is), one off the page, and one inside a form drawn twice.
 */
async function hiddenTextPdf(): Promise<Buffer> {
  const formSource = await PDFDocument.create();
  const formFont = await formSource.embedFont(StandardFonts.Helvetica);
  formSource.addPage([400, 100]).drawText('form says secret', { x: 30, y: 50, size: 12, font: formFont });

  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([400, 300]);
  page.drawText('shown line', { x: 30, y: 260, size: 12, font });
  const name = page.node.newFontDictionary('Hidden', font.ref);
  page.pushOperators(
    pushGraphicsState(),
    beginText(),
    setFontAndSize(name, 12),
    setTextRenderingMode(TextRenderingMode.Invisible),
    moveText(30, 230),
    showText(font.encodeText('invisible secret layer')),
    endText(),
    popGraphicsState(),
  );
  page.drawText('offpage secret', { x: 30, y: 420, size: 12, font });
  const [form] = await doc.embedPdf(await formSource.save(), [0]);
  page.drawPage(form, { x: 0, y: 100 });
  page.drawPage(form, { x: 0, y: 0 });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** All words pdftotext finds on a page, in reading order. */
const wordsOf = (pdf: Buffer, page = 1): string[] => pageWords(pdf)[page - 1].map((w) => w.text);

/** The one word `text` on a page of the input, with its box (points from the shown page's top left). */
function wordIn(pdf: Buffer, text: string, page = 1): Word {
  const found = pageWords(pdf)[page - 1].filter((w) => w.text === text);
  if (found.length !== 1) throw new Error(`"${text}" is on page ${page} ${found.length} times`);
  return found[0];
}

/**
 * Every byte of the file as it lies, each deflated stream inflated in place:
 * objects nothing refers to any more (a replaced content stream) included,
 * which a rewrite by qpdf would drop.
 */
function everyByte(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const parts = [raw];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) continue;
    try {
      parts.push(inflateSync(pdf.subarray(start, end), { finishFlush: constants.Z_SYNC_FLUSH }).toString('latin1'));
    } catch {
      // not deflated: already in `raw`
    }
  }
  return parts.join('\n');
}

/** Whether `word` is anywhere in the file, spelt as a content stream may spell it (literal or hex string, any case). */
function fileContains(pdf: Buffer, word: string): boolean {
  const all = everyByte(pdf).toLowerCase();
  return (
    all.includes(word.toLowerCase()) ||
    all.includes(Buffer.from(word.toLowerCase()).toString('hex')) ||
    all.includes(Buffer.from(word.toUpperCase()).toString('hex').toLowerCase())
  );
}

interface Raster {
  width: number;
  height: number;
  dpi: number;
  rgb: Buffer;
}

/** One page rendered in colour by Poppler (pdftoppm), as a viewer shows it. */
function render(pdf: Buffer, page = 1, dpi = 72): Raster {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile', join(dir, 'in.pdf'), join(dir, 'out')]);
    const data = readFileSync(join(dir, 'out.ppm'));
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(data.toString('latin1', 0, 64))!;
    return { width: Number(header[1]), height: Number(header[2]), dpi, rgb: data.subarray(header[0].length) };
  });
}

/** The colour at a point given in points from the shown page's top left. */
function colourAt(image: Raster, x: number, y: number): number[] {
  const px = Math.round((x * image.dpi) / 72);
  const py = Math.round((y * image.dpi) / 72);
  const at = (py * image.width + px) * 3;
  return [...image.rgb.subarray(at, at + 3)];
}

const centre = (w: Word) => ({ x: (w.xMin + w.xMax) / 2, y: (w.yMin + w.yMax) / 2 });

const isRed = ([r, g, b]: number[]) => r > 200 && g < 60 && b < 60;
const isBlue = ([r, g, b]: number[]) => r < 60 && g < 60 && b > 200;
const isBlack = ([r, g, b]: number[]) => r < 40 && g < 40 && b < 40;

/** Height in points of the run of `match`-coloured pixels through (x, y), straight up and down. */
function runHeight(image: Raster, x: number, y: number, match: (rgb: number[]) => boolean): number {
  const step = 72 / image.dpi;
  let top = y;
  while (top - step >= 0 && match(colourAt(image, x, top - step))) top -= step;
  let bottom = y;
  while (match(colourAt(image, x, bottom + step))) bottom += step;
  return bottom - top + step;
}

/** The Info dictionary as Poppler's pdfinfo reads it. */
function info(pdf: Buffer): Record<string, string> {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    const text = execFileSync('pdfinfo', ['-isodates', join(dir, 'in.pdf')], { encoding: 'utf8' });
    return Object.fromEntries(
      text
        .split('\n')
        .filter((l) => l.includes(':'))
        .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
    );
  });
}

/** The XMP packet as pdfinfo -meta prints it ('' when there is none). */
function xmp(pdf: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    return execFileSync('pdfinfo', ['-meta', join(dir, 'in.pdf')], { encoding: 'utf8' }).trim();
  });
}

/** Subtypes of the annotations on the first page, read with pdf-lib. */
async function annotationTypes(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const annots = doc.getPage(0).node.lookupMaybe(PDFName.of('Annots'), PDFArray);
  if (!annots) return [];
  return annots.asArray().map((ref) => String(doc.context.lookup(ref, PDFDict).get(PDFName.of('Subtype'))));
}

describe('Auto Redact (/api/v1/security/auto-redact)', () => {
  const server = useTestServer();
  const run = (pdf: Buffer, fields: Record<string, string | number | boolean>, name = 'report.pdf') =>
    postTool(server, ENDPOINT, [{ name, content: pdf }], fields);

  describe('what is removed', () => {
    it('takes every occurrence out of the text, ignoring case, and leaves the words around it selectable', async () => {
      const input = await textPdf();
      const res = await run(input, { listOfText: 'secret' });
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.fileName).toBe('report_redacted.pdf');

      const [text] = pageTexts(res.body);
      expect(text).not.toMatch(/secret/i);
      // Plain matching takes the term out of longer words too: "secretive" keeps "ive".
      expect(wordsOf(res.body)).toEqual([
        'alpha',
        'beta',
        'ive',
        'gamma',
        'delta',
        'epsilon',
        'zeta',
        'phone',
        '555-1234',
        'and',
        '555-9876',
        'here',
        'the',
        'end',
        'of',
        's',
      ]);
      // Nowhere in the file either: not in a content stream, not in a replaced one left behind.
      expect(fileContains(input, 'secret')).toBe(true);
      expect(fileContains(res.body, 'secret')).toBe(false);
    });

    it('finds whole words only with wholeWordSearch', async () => {
      const res = await run(await textPdf(), { listOfText: 'secret', wholeWordSearch: true });
      expect(res.status).toBe(200);
      expect(wordsOf(res.body)).toEqual([
        'alpha',
        'beta',
        'secretive',
        'gamma',
        'delta',
        'epsilon',
        'zeta',
        'phone',
        '555-1234',
        'and',
        '555-9876',
        'here',
        'the',
        'end',
        'of',
        'secrets',
      ]);
    });

    it('takes one term per line', async () => {
      const res = await run(await textPdf(), { listOfText: 'gamma\r\n\n  epsilon  \nnot on the page' });
      expect(res.status).toBe(200);
      const words = wordsOf(res.body);
      expect(words).not.toContain('gamma');
      expect(words).not.toContain('epsilon');
      expect(words).toEqual(expect.arrayContaining(['alpha', 'secretive', 'delta', 'zeta']));
    });

    // The spec's page sends listOfText once per line (spec §7); a text area joins repeated values as lines.
    it('takes every term when listOfText is sent once per line', async () => {
      const res = await request(server.http)
        .post(ENDPOINT)
        .field('listOfText', 'gamma')
        .field('listOfText', 'epsilon')
        .attach('fileInput', await textPdf(), { filename: 'report.pdf', contentType: 'application/pdf' })
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status).toBe(200);
      const words = wordsOf(res.body as Buffer);
      expect(words).not.toContain('gamma');
      expect(words).not.toContain('epsilon');
    });

    it('matches regular expressions with useRegex, Java quoting included', async () => {
      const res = await run(await textPdf(), { listOfText: '\\d{3}-\\d{4}\n\\Qzeta\\E', useRegex: true });
      expect(res.status).toBe(200);
      expect(wordsOf(res.body)).toEqual([
        'alpha',
        'secret',
        'beta',
        'secretive',
        'gamma',
        'delta',
        'Secret',
        'epsilon',
        'phone',
        'and',
        'here',
        'the',
        'end',
        'of',
        'secrets',
      ]);
      expect(fileContains(res.body, '555-')).toBe(false);
    });

    it('treats regex characters literally without useRegex', async () => {
      const res = await run(await textPdf(), { listOfText: '\\d{3}-\\d{4}' });
      expect(res.status).toBe(200);
      expect(wordsOf(res.body)).toContain('555-1234');
    });

    it('finds the words on a rotated page and boxes them where they are shown', async () => {
      const input = await textPdf(LINES, { rotate: 90 });
      const word = wordIn(input, 'gamma');
      const res = await run(input, { listOfText: 'gamma', colour: '#FF0000' });
      expect(res.status).toBe(200);
      expect(wordsOf(res.body)).not.toContain('gamma');
      expect(wordsOf(res.body)).toContain('secretive');
      const { x, y } = centre(word);
      expect(isRed(colourAt(render(res.body), x, y))).toBe(true);
    });

    it('redacts every page of a longer document', async () => {
      const res = await run(await textPdf(LINES, { pages: 12 }), { listOfText: 'epsilon' });
      expect(res.status).toBe(200);
      expect(await pageCount(res.body)).toBe(12);
      const texts = pageTexts(res.body);
      expect(texts).toHaveLength(12);
      for (const text of texts) {
        expect(text).not.toContain('epsilon');
        expect(text).toContain('delta');
      }
    });

    it('takes out text a viewer does not show: invisible, off the page, inside a form', async () => {
      const input = await hiddenTextPdf();
      expect(fileContains(input, 'secret')).toBe(true);
      const res = await run(input, { listOfText: 'secret' });
      expect(res.status).toBe(200);
      expect(fileContains(res.body, 'secret')).toBe(false);
      expect(fileContains(res.body, 'invisible')).toBe(true);
      expect(fileContains(res.body, 'offpage')).toBe(true);
      expect(wordsOf(res.body).sort()).toEqual(['form', 'form', 'invisible', 'layer', 'line', 'says', 'says', 'shown']);
    });

    it('answers the document unchanged when nothing matches', async () => {
      const input = await textPdf();
      const res = await run(input, { listOfText: 'nowhere' });
      expect(res.status).toBe(200);
      expect(pageTexts(res.body)).toEqual(pageTexts(input));
      expect(info(res.body).Author).toBe('Jane Author');
    });
  });

  describe('the box', () => {
    it('is black unless told otherwise, over where the text was', async () => {
      const input = await textPdf();
      const word = wordIn(input, 'gamma');
      const res = await run(input, { listOfText: 'gamma' });
      const image = render(res.body);
      expect(isBlack(colourAt(image, centre(word).x, centre(word).y))).toBe(true);
      // Beside it, where "secretive" still is, no box: white between the letters' strokes is there.
      const kept = wordIn(input, 'secretive');
      const row = Array.from({ length: 20 }, (_, i) => colourAt(image, kept.xMin + (i * (kept.xMax - kept.xMin)) / 20, centre(kept).y));
      expect(row.some(([r, g, b]) => r > 200 && g > 200 && b > 200)).toBe(true);
    });

    it.each([
      ['colour', '#FF0000', isRed],
      ['colour', 'ff0000', isRed],
      ['redactColor', '0000FF', isBlue],
      ['redactColor', '#0000ff', isBlue],
      ['colour', 'blue', isBlue],
    ])('takes its colour from %s=%s', async (field, value, expected) => {
      const input = await textPdf();
      const word = wordIn(input, 'beta');
      const res = await run(input, { listOfText: 'beta', [field]: value });
      expect(res.status).toBe(200);
      expect(expected(colourAt(render(res.body), centre(word).x, centre(word).y))).toBe(true);
    });

    it.each(['extraPadding', 'customPadding'])('grows by %s points above and below', async (field) => {
      // Lines far apart, so a padded box meets nothing but white.
      const input = await textPdf(LINES, { leading: 60 });
      const word = wordIn(input, 'beta');
      const height = async (padding: number) => {
        const res = await run(input, { listOfText: 'beta', colour: '#FF0000', [field]: padding });
        expect(res.status).toBe(200);
        return runHeight(render(res.body, 1, 144), centre(word).x, centre(word).y, isRed);
      };
      const [none, ten] = [await height(0), await height(10)];
      // The unpadded box spans the font's descender to its ascender: about 1.4 × 12 pt.
      expect(none).toBeGreaterThan(12);
      expect(none).toBeLessThan(20);
      expect(ten - none).toBeGreaterThan(19);
      expect(ten - none).toBeLessThan(21);
    });
  });

  describe('around the text', () => {
    it('deletes annotations over a match and keeps the others', async () => {
      const input = await textPdf(LINES, { annotations: true });
      expect(await annotationTypes(input)).toEqual(['/Link', '/Square', '/Text']);
      const res = await run(input, { listOfText: 'secret\nsecrets', wholeWordSearch: true });
      expect(res.status).toBe(200);
      expect(await annotationTypes(res.body)).toEqual(['/Text']);
      expect(fileContains(res.body, 'example.com')).toBe(false);
      expect(fileContains(res.body, 'see secrets')).toBe(false);
    });

    it('clears Author, Subject, Keywords and the XMP packet, and dates the change', async () => {
      const input = await textPdf();
      expect(xmp(input)).toContain('xmpmeta');
      const res = await run(input, { listOfText: 'secret' });
      const fields = info(res.body);
      expect(fields.Title).toBe('Kept title');
      expect(fields.Author).toBeUndefined();
      expect(fields.Subject).toBeUndefined();
      expect(fields.Keywords).toBeUndefined();
      expect(Number(fields.ModDate.slice(0, 4))).toBeGreaterThan(2001);
      expect(xmp(res.body)).toBe('');
    });

    it('opens an owner-password-only PDF and answers it unencrypted', async () => {
      const input = encryptPdf(await textPdf(), '');
      const res = await run(input, { listOfText: 'secret' });
      expect(res.status).toBe(200);
      expect(isEncrypted(res.body)).toBe(false);
      expect(pageTexts(res.body)[0]).not.toMatch(/secret/i);
    });

    it('turns every page into a picture with convertPDFToImage: no text left at all', async () => {
      const input = await textPdf(LINES, { pages: 2 });
      const word = wordIn(input, 'beta');
      const res = await run(input, { listOfText: 'beta', colour: '#FF0000', convertPDFToImage: true });
      expect(res.status).toBe(200);
      expect(await pageCount(res.body)).toBe(2);
      expect(pageTexts(res.body)).toEqual(['', '']);
      expect(imageCount(res.body)).toBe(2);
      // The box is in the picture, and the words beside it are too (as ink, not text).
      const image = render(res.body);
      expect(isRed(colourAt(image, centre(word).x, centre(word).y))).toBe(true);
      const kept = wordIn(input, 'alpha');
      const row = Array.from({ length: 20 }, (_, i) => colourAt(image, kept.xMin + (i * (kept.xMax - kept.xMin)) / 20, centre(kept).y));
      expect(row.some(isBlack)).toBe(true);
    });
  });

  describe('bad input', () => {
    it.each([
      ['no list', {}, 'Please enter text to redact.'],
      ['a blank list', { listOfText: '  \n \n' }, 'Please enter text to redact.'],
      ['only terms longer than 4096 characters', { listOfText: 'x'.repeat(4097) }, 'Please enter valid text to redact.'],
      ['a regex that does not compile', { listOfText: 'fine\n(unclosed', useRegex: true }, 'Invalid regex pattern: (unclosed'],
      [
        'a Java class intersection, which would mean something else here',
        { listOfText: '[a-z&&[^aeiou]]+', useRegex: true },
        'Invalid regex pattern: [a-z&&[^aeiou]]+ (character class intersections (&&) are not supported)',
      ],
      [
        'a colour that is none',
        { listOfText: 'secret', colour: 'purple' },
        'Colour must be a hex colour such as #000000 (or black, red, blue, green or white).',
      ],
      ['negative padding', { listOfText: 'secret', extraPadding: -1 }, 'Extra padding must be a number, 0 or more.'],
      ['padding that is no number', { listOfText: 'secret', customPadding: 'wide' }, 'Extra padding must be a number, 0 or more.'],
    ])('refuses %s with 400', async (_, fields, detail) => {
      const res = await run(await textPdf(), fields);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe(detail);
    });

    it('stops a runaway regex quickly with a 400 that names it', async () => {
      const input = await textPdf(['a'.repeat(60) + '!', 'and more text']);
      const started = Date.now();
      const res = await run(input, { listOfText: '(a|aa)+$', useRegex: true });
      expect(res.status).toBe(400);
      expect(res.json.detail).toMatch(/^The pattern \(a\|aa\)\+\$ is too complex/);
      expect(Date.now() - started).toBeLessThan(15_000);
    });

    it('answers (a+)+$ over a long run of a’s without hanging', async () => {
      const input = await textPdf(
        Array.from({ length: 6 }, () => 'a'.repeat(55) + 'b'),
        { leading: 14 },
      );
      const started = Date.now();
      const res = await run(input, { listOfText: '(a+)+$', useRegex: true });
      expect([200, 400]).toContain(res.status);
      expect(Date.now() - started).toBeLessThan(25_000);
    });
  });
});
