import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownToPdfTool, pdfToMarkdownTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { LAYOUT_TEXT, makeLayoutPdf, makeStyledSentencePdf } from '../../../test/support/layout-pdfs';
import { makePdf, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(60_000);

describe('PDF to Markdown (/api/v1/convert/pdf/markdown)', () => {
  const server = useTestServer();
  let layoutPdf: Buffer;
  beforeAll(async () => {
    layoutPdf = await makeLayoutPdf();
  });

  const convert = (pdf: Buffer, name = 'garden report.pdf') => postTool(server, pdfToMarkdownTool.endpoint, [{ name, content: pdf }]);

  it('answers text/markdown named <base>.md', async () => {
    const res = await convert(layoutPdf);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/markdown/);
    expect(res.fileName).toBe('garden report.md');
  });

  it('writes headings by size and weight, joined and de-hyphenated paragraphs, lists, columns in reading order, tables', async () => {
    const markdown = (await convert(layoutPdf)).body.toString('utf8');
    const blocks = markdown.trim().split(/\n{2,}/);
    expect(blocks).toEqual([
      `# ${LAYOUT_TEXT.title}`,
      `## ${LAYOUT_TEXT.subheading}`,
      LAYOUT_TEXT.firstParagraph,
      LAYOUT_TEXT.secondParagraphLines.join(' '),
      LAYOUT_TEXT.bullets.map((item) => `- ${item}`).join('\n'),
      `## ${LAYOUT_TEXT.columnsHeading}`,
      LAYOUT_TEXT.leftColumnLines.join(' '),
      LAYOUT_TEXT.rightColumnLines.join(' '),
      `### ${LAYOUT_TEXT.boldHeading}`,
      LAYOUT_TEXT.thirdPageLines.join(' '),
      '| Crop | Rows | Yield |\n| --- | --- | --- |\n| Beans | 12 | High |\n| Peas | 8 | Low |',
    ]);
    expect(markdown).toContain('for example the yield');
    expect(markdown).not.toContain('exam-');
  });

  it('marks bold and italic words', async () => {
    const pdf = await makeStyledSentencePdf([
      { text: 'Water the ' },
      { text: 'young seedlings', style: 'bold' },
      { text: ' every ' },
      { text: 'evening', style: 'italic' },
      { text: ' at six.' },
    ]);
    expect((await convert(pdf)).body.toString()).toBe('Water the **young seedlings** every *evening* at six.\n');
  });

  it('reads the bullets Chromium draws as shapes (our own Markdown to PDF) as list items, nested where they were', async () => {
    const markdown = ['Things to buy:', '', '- apples and pears', '- bread', '  - rye', '- milk', '', 'Closing words.', ''].join('\n');
    const pdf = await postTool(server, markdownToPdfTool.endpoint, [{ name: 'list.md', content: Buffer.from(markdown) }]);
    expect(pdf.status).toBe(200);
    expect((await convert(pdf.body)).body.toString()).toBe('Things to buy:\n\n- apples and pears\n- bread\n  - rye\n- milk\n\nClosing words.\n');
  });

  it('keeps Markdown characters in the text literal', async () => {
    const pdf = await makePdf(1, { label: 'a *starred* [link] <b> snake_case _x_ 2 * 3', size: [900, 400] });
    const markdown = (await convert(pdf)).body.toString('utf8');
    expect(markdown.trim()).toBe('a \\*starred\\* \\[link] \\<b> snake_case \\_x\\_ 2 * 3 page 1');
  });

  it('refuses a PDF without text (never an empty file answered as a success)', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const res = await convert(Buffer.from(await doc.save()));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toMatch(/No text found in this PDF/);
  });

  it('reads a PDF whose owner password forbids copying text', async () => {
    const locked = withTempDir((dir) => {
      writeFileSync(join(dir, 'in.pdf'), layoutPdf);
      execFileSync('qpdf', ['--encrypt', '', 'owner', '256', '--extract=n', '--', join(dir, 'in.pdf'), join(dir, 'out.pdf')]);
      return readFileSync(join(dir, 'out.pdf'));
    });
    const res = await convert(locked);
    expect(res.status).toBe(200);
    expect(res.body.toString('utf8')).toContain(`# ${LAYOUT_TEXT.title}\n\n## ${LAYOUT_TEXT.subheading}`);
  });

  it('refuses a file that is not a PDF', async () => {
    const res = await postTool(server, pdfToMarkdownTool.endpoint, [{ name: 'x.pdf', content: Buffer.from('hello') }]);
    expect(res.status).toBe(400);
  });
});
