import { describe, expect, it, jest } from '@jest/globals';
import { addStampTool, extractPageTool, overlayTool, organiseTool, pdfToImageTool, removeTool, rotateTool, splitTool, type AnyTool } from '@folio/registry';
import { filesOfRun, missingPagesProblem, pagesProblem, pageValuesOf, uploadProblem } from './pre-upload-checks';

const MB = 1024 * 1024;
const limits = { maxUploadBytes: 100 * MB, maxRequestBytes: 250 * MB, maxFiles: 50 };

/** A File of `bytes` bytes; only its size and name matter here, so the content is a view of one buffer. */
const sized = (name: string, bytes: number) => {
  const file = new File([], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
};

describe('uploadProblem', () => {
  it('passes files within every limit', () => {
    expect(uploadProblem(rotateTool, [sized('a.pdf', MB), sized('b.pdf', 2 * MB)], {}, limits)).toBeNull();
  });

  it('names an empty file, with or without the server’s limits', () => {
    expect(uploadProblem(rotateTool, [sized('ok.pdf', 10), sized('a3.pdf', 0)], {}, limits)).toBe('a3.pdf is empty.');
    expect(uploadProblem(rotateTool, [sized('a3.pdf', 0)], {}, null)).toBe('a3.pdf is empty.');
    expect(uploadProblem(rotateTool, [sized('huge.pdf', 500 * MB)], {}, null)).toBeNull();
  });

  it('names a file over the size limit, its size rounded up so it never reads as the limit', () => {
    expect(uploadProblem(rotateTool, [sized('big.pdf', 120 * MB)], {}, limits)).toBe('big.pdf is 120 MB; each file may be at most 100 MB.');
    expect(uploadProblem(rotateTool, [sized('big.pdf', 100 * MB + 1)], {}, limits)).toBe('big.pdf is 100.1 MB; each file may be at most 100 MB.');
    expect(uploadProblem(rotateTool, [sized('edge.pdf', 100 * MB)], {}, limits)).toBeNull();
  });

  it('refuses files that together pass the request limit', () => {
    const files = [1, 2, 3].map((n) => sized(`${n}.pdf`, 90 * MB));
    expect(uploadProblem(rotateTool, files, {}, limits)).toBe('These files come to 270 MB; one request may carry at most 250 MB.');
  });

  it('counts files against the server’s limit and the tool’s own, in the server’s words', () => {
    const files = (n: number) => Array.from({ length: n }, (_, i) => sized(`${i}.pdf`, 10));
    expect(uploadProblem(rotateTool, files(51), {}, limits)).toBe('At most 50 files can be sent at once.');
    expect(uploadProblem(rotateTool, files(50), {}, limits)).toBeNull();
    expect(uploadProblem(splitTool, files(1), {}, { ...limits, maxFiles: 1 })).toBeNull();
    expect(uploadProblem({ ...rotateTool, input: { ...rotateTool.input, multiple: false } } as AnyTool, files(2), {}, limits)).toBe(
      'This tool takes one file at a time.',
    );
  });

  it('checks a file field’s files too (Overlay’s overlay PDFs)', () => {
    const base = sized('base.pdf', 10);
    expect(filesOfRun(overlayTool, [base], { overlayFiles: [sized('o1.pdf', 10), sized('o2.pdf', 20)] }).map((f) => f.name)).toEqual([
      'base.pdf',
      'o1.pdf',
      'o2.pdf',
    ]);
    expect(uploadProblem(overlayTool, [base], { overlayFiles: [sized('o1.pdf', 0)] }, limits)).toBe('o1.pdf is empty.');
    expect(uploadProblem(overlayTool, [base], { overlayFiles: [sized('o1.pdf', 101 * MB)] }, limits)).toBe(
      'o1.pdf is 101 MB; each file may be at most 100 MB.',
    );
    const overlays = Array.from({ length: 4 }, (_, i) => sized(`o${i}.pdf`, 10));
    expect(uploadProblem(overlayTool, [base], { overlayFiles: overlays }, { ...limits, maxFiles: 3 })).toMatch(/at most 3 files/);
  });
});

describe('pageValuesOf', () => {
  it('takes page selections and page numbers from the options that name pages', () => {
    expect(pageValuesOf(splitTool, { pageNumbers: '1,3' })).toEqual([{ selection: '1,3' }]);
    expect(pageValuesOf(extractPageTool, { pageRange: 'custom', startPage: 2, endPage: 9 })).toEqual([{ page: 2 }, { page: 9 }]);
    expect(pageValuesOf(pdfToImageTool, { customPages: 'all', dpi: 900 })).toEqual([{ selection: 'all' }]);
    expect(pageValuesOf(rotateTool, { angle: 90 })).toEqual([]);
  });

  it('leaves out a field that is not pages under these values (Organise’s copy count for DUPLICATE)', () => {
    expect(pageValuesOf(organiseTool, { customMode: 'DUPLICATE', pageNumbers: '5' })).toEqual([]);
    expect(pageValuesOf(organiseTool, { customMode: 'CUSTOM', pageNumbers: '5' })).toEqual([{ selection: '5' }]);
  });

  it('skips blank and absent values', () => {
    expect(pageValuesOf(splitTool, { pageNumbers: '  ' })).toEqual([]);
    expect(pageValuesOf(extractPageTool, { pageRange: 'all' })).toEqual([]);
  });
});

describe('missingPagesProblem', () => {
  it('names pages a selection asks for when it selects none of the file’s', () => {
    expect(missingPagesProblem([{ selection: '7' }], 'a3.pdf', 3)).toBe('Page 7 is out of range: a3.pdf has 3 pages.');
    expect(missingPagesProblem([{ selection: '7,9-12' }], 'a3.pdf', 3)).toBe('Pages 7 and 9 are out of range: a3.pdf has 3 pages.');
    expect(missingPagesProblem([{ selection: '0' }], 'one.pdf', 1)).toBe('Page 0 is out of range: one.pdf has 1 page.');
  });

  it('leaves a selection that still selects pages to the tool, as its API does', () => {
    expect(missingPagesProblem([{ selection: '1,7' }], 'a3.pdf', 3)).toBeNull();
    expect(missingPagesProblem([{ selection: '2-9' }], 'a3.pdf', 3)).toBeNull();
  });

  it('never refuses what names no page: all, and functions of n', () => {
    expect(missingPagesProblem([{ selection: 'all' }], 'a3.pdf', 3)).toBeNull();
    expect(missingPagesProblem([{ selection: '5n' }], 'a3.pdf', 3)).toBeNull();
  });

  it('refuses a page number past the last page', () => {
    expect(missingPagesProblem([{ page: 2 }, { page: 9 }], 'a3.pdf', 3)).toBe('Page 9 is out of range: a3.pdf has 3 pages.');
    expect(missingPagesProblem([{ page: 7 }, { page: 9 }], 'a3.pdf', 3)).toBe('Pages 7 and 9 are out of range: a3.pdf has 3 pages.');
    expect(missingPagesProblem([{ page: 3 }], 'a3.pdf', 3)).toBeNull();
  });
});

describe('pagesProblem', () => {
  const pdf = (name: string) => sized(name, 10);

  it('reads page counts only when an option names pages, and only of PDFs', async () => {
    const pageCount = jest.fn(async () => 3);
    await expect(pagesProblem(rotateTool, [pdf('a.pdf')], { angle: 90 }, pageCount)).resolves.toBeNull();
    expect(pageCount).not.toHaveBeenCalled();
    await expect(pagesProblem(addStampTool, [new File([], 'notes.txt')], { pageNumbers: '7' }, pageCount)).resolves.toBeNull();
    expect(pageCount).not.toHaveBeenCalled();
  });

  it('names the first file that lacks the pages', async () => {
    const counts: Record<string, number> = { 'long.pdf': 10, 'short.pdf': 3 };
    const pageCount = async (file: File) => counts[file.name] ?? null;
    await expect(pagesProblem(removeTool, [pdf('long.pdf'), pdf('short.pdf')], { pageNumbers: '7' }, pageCount)).resolves.toBe(
      'Page 7 is out of range: short.pdf has 3 pages.',
    );
  });

  it('lets through a file whose page count is unknown (a password, damage): the server will say', async () => {
    await expect(pagesProblem(splitTool, [pdf('locked.pdf')], { pageNumbers: '7' }, async () => null)).resolves.toBeNull();
  });
});
