import { addCommentsTool } from '@folio/registry';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { postTool } from '../../../test/support/http';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { CORRUPT_PDF, encryptPdf, makePdf, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { chromiumPdf, reportlabNotes } from '../analysis-page-count/analysis-pdfs.fixtures';

/** An annotation as pikepdf reads it back from the answer. */
interface Annotation {
  subtype: string;
  name?: string;
  contents?: string;
  rect: number[];
  author?: string;
  subject?: string;
  colour?: number[];
  opacity?: number;
  created?: string;
}

/** Each page's annotations, read by pikepdf (not the processor's qpdf JSON). */
function annotations(pdf: Buffer): Annotation[][] {
  const script = `
import json, sys, pikepdf
def text(v): return None if v is None else str(v)
with pikepdf.open(sys.argv[1]) as pdf:
    out = []
    for page in pdf.pages:
        notes = []
        for a in page.obj.get('/Annots', []):
            notes.append({
                'subtype': str(a.get('/Subtype')), 'name': text(a.get('/Name')), 'contents': text(a.get('/Contents')),
                'rect': [float(n) for n in a.get('/Rect')], 'author': text(a.get('/T')), 'subject': text(a.get('/Subj')),
                'colour': [float(n) for n in a.get('/C')] if '/C' in a else None,
                'opacity': float(a.get('/CA')) if '/CA' in a else None, 'created': text(a.get('/CreationDate'))})
        out.append(notes)
    print(json.dumps(out))
`;
  return withTempDir((dir) => {
    const path = join(dir, 'in.pdf');
    writeFileSync(path, pdf);
    return JSON.parse(execFileSync('/usr/bin/python3', ['-c', script, path]).toString('utf8')) as Annotation[][];
  });
}

/** The box of the first word `pdftotext -bbox` finds on `page` (1-based) equal to `word`, top-left origin, with the page's height. */
function wordBox(pdf: Buffer, word: string, page = 1): { xMin: number; yMax: number; pageHeight: number } {
  const xhtml = withTempDir((dir) => {
    const path = join(dir, 'in.pdf');
    writeFileSync(path, pdf);
    return execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), path, '-']).toString('utf8');
  });
  const pageHeight = Number(/<page width="[\d.]+" height="([\d.]+)"/.exec(xhtml)![1]);
  const match = new RegExp(`<word xMin="([\\d.]+)" yMin="[\\d.]+" xMax="[\\d.]+" yMax="([\\d.]+)">${word}</word>`).exec(xhtml)!;
  return { xMin: Number(match[1]), yMax: Number(match[2]), pageHeight };
}

describe('Add Comments (/api/v1/misc/add-comments)', () => {
  const server = useTestServer();
  const comment = (content: Buffer, comments: unknown, name = 'report.pdf') =>
    postTool(server, addCommentsTool.endpoint, [{ name, content }], { comments: typeof comments === 'string' ? comments : JSON.stringify(comments) });

  it('puts sticky notes where asked on a reportlab PDF, keeping its link and note, with the reference’s look', async () => {
    const res = await comment(reportlabNotes(), [
      { pageIndex: 0, x: 100, y: 600, width: 24, height: 24, text: 'Check the heading', author: 'Asha', subject: 'Review' },
      { pageIndex: 1, x: 400, y: 300, width: 20, height: 30, text: 'Zweite Seite: prüfen ✓', extra: 'ignored' },
    ]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('report_commented.pdf');
    const [first, second, third] = annotations(res.body);
    expect(first).toEqual([
      expect.objectContaining({
        subtype: '/Text',
        name: '/Comment',
        contents: 'Check the heading',
        rect: [100, 600, 124, 624],
        author: 'Asha',
        subject: 'Review',
      }),
    ]);
    expect(first[0].colour!.map((n) => Math.round(n * 100) / 100)).toEqual([1, 0.95, 0.4]);
    expect(first[0].opacity).toBeCloseTo(0.9);
    expect(first[0].created).toMatch(/^D:\d{14}Z$/);
    // The link and the note reportlab drew stay, the new note comes after them, defaults for author and subject.
    expect(second.map((a) => a.subtype)).toEqual(['/Link', '/Text', '/Text']);
    expect(second[2]).toMatchObject({ contents: 'Zweite Seite: prüfen ✓', rect: [400, 300, 420, 330], author: 'Folio', subject: 'Comment' });
    expect(second[2].created).toBe(first[0].created);
    expect(third).toEqual([]);
    expect(pageTexts(res.body)).toEqual(pageTexts(reportlabNotes()));
  });

  it('anchors a note to the first line holding the text (letters and digits, any case), on a LibreOffice PDF', async () => {
    const pdf = await officeFixture(flatOdt(['Introduction to the plan', 'Budget Total: 4,200 euros']), '.fodt', 'writer_pdf_Export', '.pdf');
    const res = await comment(pdf, [
      { pageIndex: 1, x: 10, y: 10, width: 50, height: 50, text: 'Is this right?', anchorText: 'total 4200' },
      { pageIndex: 0, x: 10, y: 10, width: 50, height: 50, text: 'Not found: stays put', anchorText: 'Budget' },
    ]);
    expect(res.status).toBe(200);
    const [first, second] = annotations(res.body);
    expect(first[0].rect).toEqual([10, 10, 60, 60]);
    // Checked against pdftotext -bbox of the second page: the line starts with "Budget".
    const budget = wordBox(pdf, 'Budget', 2);
    const [x1, y1, x2, y2] = second[0].rect;
    expect(x1).toBeCloseTo(budget.xMin, 1);
    expect(y2).toBeCloseTo(budget.pageHeight - budget.yMax, 1);
    expect([x2 - x1, y2 - y1].map((n) => Math.round(n))).toEqual([20, 20]);
  });

  it('anchors on a page turned 90° with a crop box, at the start and bottom of the text as drawn', async () => {
    const pdf = reportlabNotes();
    const res = await comment(pdf, [{ pageIndex: 2, x: 0, y: 0, width: 5, height: 5, text: 'Turned', anchorText: 'page 3' }]);
    expect(res.status).toBe(200);
    // reportlab drew "Field notes page 3" from (40, 300) in Helvetica 12: the bottom of its line is the descent below 300.
    const [x1, y1, x2, y2] = annotations(res.body)[2][0].rect;
    expect(x1).toBeCloseTo(40, 0);
    expect(y2).toBeGreaterThan(295);
    expect(y2).toBeLessThan(300);
    expect([x2 - x1, y2 - y1].map((n) => Math.round(n))).toEqual([20, 20]);
  });

  it('anchors on a Chromium PDF and keeps its links', async () => {
    const pdf = await chromiumPdf(server);
    const before = annotations(pdf)[0].length;
    const res = await comment(pdf, [{ pageIndex: 0, x: 0, y: 0, width: 1, height: 1, text: 'About the links', anchorText: 'ONE LINK' }]);
    expect(res.status).toBe(200);
    const notes = annotations(res.body)[0];
    expect(notes).toHaveLength(before + 1);
    const one = wordBox(pdf, 'One');
    const [x1, , , y2] = notes[before].rect;
    expect(x1).toBeCloseTo(one.xMin, 1);
    expect(y2).toBeCloseTo(one.pageHeight - one.yMax, 1);
  });

  it('skips what the reference skips and adds the rest', async () => {
    const res = await comment(await makePdf(2), [
      { pageIndex: 0, x: 10, y: 10, width: 20, height: 20, text: '   ' },
      { pageIndex: 0, x: 10, y: 10, width: 0, height: 20, text: 'no width' },
      { pageIndex: 5, x: 10, y: 10, width: 20, height: 20, text: 'no such page' },
      { pageIndex: -1, x: 10, y: 10, width: 20, height: 20, text: 'negative page' },
      { pageIndex: 0, x: 10, y: 10, width: 20, height: 20, text: 'x'.repeat(100_001) },
      { pageIndex: '1', x: '10', y: 10, width: 20, height: 20, text: 'kept' },
    ]);
    expect(res.status).toBe(200);
    const pages = annotations(res.body);
    expect(pages[0]).toEqual([]);
    expect(pages[1].map((a) => [a.contents, a.rect])).toEqual([['kept', [10, 10, 30, 30]]]);
  });

  it('answers 400 when every comment was skipped: nothing was added', async () => {
    const res = await comment(await makePdf(1), [{ pageIndex: 3, x: 1, y: 1, width: 20, height: 20, text: 'nowhere' }]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toContain('No comments were added');
    const empty = await comment(await makePdf(1), []);
    expect(empty.status).toBe(400);
    expect(empty.json.detail).toContain('No comments were added');
  });

  it('answers 400 for more comments than one request may add', async () => {
    const note = { pageIndex: 0, x: 1, y: 1, width: 20, height: 20, text: 'x' };
    const res = await comment(
      await makePdf(1),
      Array.from({ length: 5001 }, () => note),
    );
    expect(res.status).toBe(400);
    expect(res.json.detail).toContain('At most 5000 comments can be added at once.');
  });

  it('answers 400 for missing, blank or non-array comments (the reference: 500)', async () => {
    const missing = await postTool(server, addCommentsTool.endpoint, [{ name: 'a.pdf', content: await makePdf(1) }]);
    expect(missing.status).toBe(400);
    expect(missing.json.detail).toContain('comments JSON is required');
    const blank = await comment(await makePdf(1), '  ');
    expect(blank.status).toBe(400);
    expect(blank.json.detail).toContain('comments JSON is required');
    for (const bad of ['{"pageIndex": 0}', 'not json', '[1, 2]', '[{"pageIndex": {"a": 1}, "text": "x", "width": 1, "height": 1}]']) {
      const res = await comment(await makePdf(1), bad);
      expect(res.status).toBe(400);
      expect(res.json.detail).toContain('comments must be a JSON array of CommentSpec objects');
    }
  });

  it('refuses a corrupt PDF and one that needs a password with the standard 400s', async () => {
    const item = [{ pageIndex: 0, x: 1, y: 1, width: 20, height: 20, text: 'x' }];
    const corrupt = await comment(CORRUPT_PDF, item);
    expect(corrupt.status).toBe(400);
    const locked = await comment(encryptPdf(await makePdf(1), 'user-secret'), item);
    expect(locked.status).toBe(400);
    expect(locked.json.type).toBe('/errors/pdf-password');
  });

  it('runs as a pipeline step', async () => {
    const definition = {
      name: 'Review',
      pipeline: [
        { operation: addCommentsTool.endpoint, parameters: { comments: JSON.stringify([{ pageIndex: 0, x: 5, y: 5, width: 20, height: 20, text: 'Piped' }]) } },
      ],
    };
    const res = await postTool(server, '/api/v1/pipeline/handleData', [{ name: 'report.pdf', content: await makePdf(2) }], {
      json: JSON.stringify(definition),
    });
    expect(res.status).toBe(200);
    expect(annotations(res.body)[0].map((a) => a.contents)).toEqual(['Piped']);
  });
});
