import AdmZip from 'adm-zip';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { removeBlankPagesTool } from '@folio/registry';
import { blankPagesPdf, pageWidth, pageWidths, type PageKind } from './blank-pages.fixtures';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, isEncrypted, outlineTitles, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

/** The fixture: one page of every kind, each identified by its width. */
const KINDS: PageKind[] = ['text', 'empty', 'speckled-scan', 'photo', 'drawing', 'grey-scan', 'white-drawing', 'handwritten-scan'];
const width = (kind: PageKind) => pageWidth(KINDS.indexOf(kind));
const widths = (...kinds: PageKind[]) => kinds.map(width);

/** The ZIP's entries, by name. */
function unzip(zip: Buffer): Map<string, Buffer> {
  return new Map(new AdmZip(zip).getEntries().map((entry) => [entry.entryName, entry.getData()]));
}

/** The Info title, as pdfinfo reads it. */
function titleOf(pdf: Buffer): string | undefined {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return /^Title:\s+(.*)$/m.exec(execFileSync('pdfinfo', [join(dir, 'x.pdf')], { encoding: 'utf8' }))?.[1];
  });
}

describe('Remove Blank Pages (/api/v1/misc/remove-blanks)', () => {
  const server = useTestServer();
  let mixed: Buffer;
  beforeAll(() => {
    mixed = blankPagesPdf(KINDS);
  });
  const removeBlanks = (fields: Record<string, string | number> = {}, content = mixed, name = 'batch.pdf') =>
    postTool(server, removeBlankPagesTool.endpoint, [{ name, content }], fields);

  it('starts from a fixture whose pages pdfinfo tells apart and where only the text page has text', () => {
    expect(pageWidths(mixed)).toEqual(KINDS.map((_, i) => pageWidth(i)));
    expect(pageTexts(mixed).map((text) => text !== '')).toEqual(KINDS.map((kind) => kind === 'text'));
  });

  it('with the defaults, takes out the empty page, the scan of an empty sheet with specks and the page drawn all white', async () => {
    const res = await removeBlanks();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('batch_processed.zip');
    const entries = unzip(res.body);
    expect([...entries.keys()]).toEqual(['batch_nonBlankPages.pdf', 'batch_blankPages.pdf']);
    expect(pageWidths(entries.get('batch_nonBlankPages.pdf')!)).toEqual(widths('text', 'photo', 'drawing', 'grey-scan', 'handwritten-scan'));
    expect(pageWidths(entries.get('batch_blankPages.pdf')!)).toEqual(widths('empty', 'speckled-scan', 'white-drawing'));
  });

  it('keeps the pages’ text and the document’s title and bookmarks in the pages kept', async () => {
    const entries = unzip((await removeBlanks()).body);
    const kept = entries.get('batch_nonBlankPages.pdf')!;
    expect(pageTexts(kept)[0]).toBe('Chapter 1');
    expect(titleOf(kept)).toBe('Scanned batch');
    expect(outlineTitles(kept)).toEqual([{ title: 'Start', page: 1 }]);
  });

  it('with whitePercent 100, keeps the scan with a few specks: not every pixel is white', async () => {
    const entries = unzip((await removeBlanks({ whitePercent: 100 })).body);
    expect(pageWidths(entries.get('batch_blankPages.pdf')!)).toEqual(widths('empty', 'white-drawing'));
  });

  it('with a threshold of 30, counts the light grey sheet as white too', async () => {
    const entries = unzip((await removeBlanks({ threshold: 30 })).body);
    expect(pageWidths(entries.get('batch_blankPages.pdf')!)).toEqual(widths('empty', 'speckled-scan', 'grey-scan', 'white-drawing'));
  });

  it('with a threshold of 0, only pure white is white: even the paper-white noise of a scan keeps it', async () => {
    const entries = unzip((await removeBlanks({ threshold: 0 })).body);
    expect(pageWidths(entries.get('batch_blankPages.pdf')!)).toEqual(widths('empty', 'white-drawing'));
  });

  it('with whitePercent 0, calls every page without text blank, as the reference does', async () => {
    const entries = unzip((await removeBlanks({ whitePercent: 0 })).body);
    expect(pageWidths(entries.get('batch_nonBlankPages.pdf')!)).toEqual(widths('text'));
    expect(pageWidths(entries.get('batch_blankPages.pdf')!)).toHaveLength(KINDS.length - 1);
  });

  it('answers only <base>_allBlankPages.pdf when every page is blank', async () => {
    const res = await removeBlanks({}, blankPagesPdf(['empty', 'speckled-scan', 'empty']), 'empty scan.pdf');
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('empty scan_processed.zip');
    const entries = unzip(res.body);
    expect([...entries.keys()]).toEqual(['empty scan_allBlankPages.pdf']);
    expect(pageWidths(entries.get('empty scan_allBlankPages.pdf')!)).toEqual([pageWidth(0), pageWidth(1), pageWidth(2)]);
  });

  it('answers only <base>_nonBlankPages.pdf when no page is blank', async () => {
    const entries = unzip((await removeBlanks({}, blankPagesPdf(['text', 'photo']))).body);
    expect([...entries.keys()]).toEqual(['batch_nonBlankPages.pdf']);
    expect(pageWidths(entries.get('batch_nonBlankPages.pdf')!)).toEqual([pageWidth(0), pageWidth(1)]);
  });

  it('reads a file protected by an owner password only, and answers unencrypted pages', async () => {
    const res = await removeBlanks({}, encryptPdf(blankPagesPdf(['text', 'empty', 'drawing']), ''));
    expect(res.status).toBe(200);
    const kept = unzip(res.body).get('batch_nonBlankPages.pdf')!;
    expect(pageWidths(kept)).toEqual([pageWidth(0), pageWidth(2)]);
    expect(isEncrypted(kept)).toBe(false);
  });

  it.each([
    ['threshold', '256', 'Pixel Whiteness Threshold must be a number between 0 and 255.'],
    ['threshold', '-1', 'Pixel Whiteness Threshold must be a number between 0 and 255.'],
    ['threshold', '10.5', 'Pixel Whiteness Threshold must be a number between 0 and 255.'],
    ['threshold', 'white', 'Pixel Whiteness Threshold must be a number between 0 and 255.'],
    ['whitePercent', '100.1', 'White Percent must be a number between 0 and 100.'],
    ['whitePercent', '-0.5', 'White Percent must be a number between 0 and 100.'],
    ['whitePercent', 'most', 'White Percent must be a number between 0 and 100.'],
  ])('refuses %s=%s with 400 and the spec’s message', async (field, value, message) => {
    const res = await removeBlanks({ [field]: value });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe(message);
  });

  it('refuses a damaged PDF and one that needs a password with 400, not the reference’s empty 500', async () => {
    const damaged = await removeBlanks({}, CORRUPT_PDF);
    expect(damaged.status).toBe(400);
    expect(damaged.json.errorCode).toBe('E001');
    const locked = await removeBlanks({}, encryptPdf(blankPagesPdf(['text']), 'user-secret'));
    expect(locked.status).toBe(400);
    expect(locked.json.errorCode).toBe('E004');
  });
});

describe('Remove Blank Pages under a raster budget of 2 pages', () => {
  const small = useTestServer({ maxRasterPages: 2 });

  it('refuses a document with more pages to draw than the budget, saying how many, and takes one with many text pages', async () => {
    const over = await postTool(small, removeBlankPagesTool.endpoint, [{ name: 'batch.pdf', content: blankPagesPdf(['empty', 'text', 'empty', 'empty']) }]);
    expect(over.status).toBe(400);
    expect(over.json.detail).toBe(
      '3 pages of "batch.pdf" have no text and would have to be drawn to tell whether they are blank; this server draws up to 2 pages per document.',
    );
    const texts = await postTool(small, removeBlankPagesTool.endpoint, [{ name: 'batch.pdf', content: blankPagesPdf(['text', 'text', 'text', 'empty']) }]);
    expect(texts.status).toBe(200);
  });
});

describe('Remove Blank Pages under a pixel budget of two pages drawn', () => {
  const small = useTestServer({ maxPixelsPerRequest: 2_500_000 });

  it('refuses a document with more pages to draw than the pixels allow', async () => {
    const over = await postTool(small, removeBlankPagesTool.endpoint, [{ name: 'batch.pdf', content: blankPagesPdf(['empty', 'empty', 'empty']) }]);
    expect(over.status).toBe(400);
    expect(over.json.detail).toMatch(/^3 pages of "batch.pdf" have no text .* up to 2 pages per document\.$/);
  });
});
