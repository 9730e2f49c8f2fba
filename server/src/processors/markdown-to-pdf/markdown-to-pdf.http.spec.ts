import { markdownToPdfTool } from '@folio/registry';
import { PDFArray, PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { countPixels, renderFirstPage, solidPng, zipOf } from '../../../test/support/html-documents';
import { postTool } from '../../../test/support/http';
import { pageTexts } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

const SAMPLE = `# Release notes

Intro with **bold**, ~~struck~~ text and a link to https://example.org/docs.

## Table

| Name  | Size |
|-------|-----:|
| alpha | 10 |
| beta  | 20 |

## Code

\`\`\`ts
const answer = 42;
\`\`\`

## Tasks

- [x] written
- [ ] reviewed

### Détails

<p class="raw">raw HTML kept</p>
`;

const markdownFile = (name: string, text: string) => ({ name, content: Buffer.from(text), contentType: 'text/markdown' });

/** Link annotations of every page: how many jump inside the document, how many leave it. */
async function linkTargets(pdf: Buffer): Promise<{ internal: number; external: string[] }> {
  const doc = await PDFDocument.load(pdf);
  let internal = 0;
  const external: string[] = [];
  for (const page of doc.getPages()) {
    const annots = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
    for (let i = 0; i < (annots?.size() ?? 0); i++) {
      const annot = annots!.lookup(i, PDFDict);
      if (annot.get(PDFName.of('Subtype'))?.toString() !== '/Link') continue;
      const action = annot.lookupMaybe(PDFName.of('A'), PDFDict);
      const uri = action?.get(PDFName.of('URI'));
      if (uri) external.push(uri.toString());
      else if (annot.get(PDFName.of('Dest')) || action?.get(PDFName.of('S'))?.toString() === '/GoTo') internal++;
    }
  }
  return { internal, external };
}

describe('Markdown to PDF (/api/v1/convert/markdown/pdf)', () => {
  const server = useTestServer();

  it('typesets GitHub-flavoured Markdown', async () => {
    const res = await postTool(server, markdownToPdfTool.endpoint, [markdownFile('notes.md', SAMPLE)]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('notes.pdf');
    const text = pageTexts(res.body).join('\n');
    expect(text).toContain('Release notes');
    expect(text).toMatch(/alpha\s+10/);
    expect(text).toMatch(/beta\s+20/);
    expect(text).toContain('const answer = 42;');
    expect(text).toContain('written');
    expect(text).toContain('raw HTML kept');
    expect(text).toContain('Détails');
    expect(text).not.toContain('[x]');
    expect(text).not.toContain('```');
    expect(text).not.toContain('|-------|');
    // Without a table of contents there are no internal links; the autolink leaves the document.
    const links = await linkTargets(res.body);
    expect(links.internal).toBe(0);
    expect(links.external.join(' ')).toContain('https://example.org/docs');
  });

  it('puts a linked table of contents first with includeToc', async () => {
    const res = await postTool(server, markdownToPdfTool.endpoint, [markdownFile('notes.markdown', SAMPLE)], { includeToc: true });
    expect(res.status).toBe(200);
    const pages = pageTexts(res.body);
    expect(pages[0]).toContain('Table of contents');
    for (const heading of ['Release notes', 'Table', 'Code', 'Tasks', 'Détails']) expect(pages[0]).toContain(heading);
    // The contents has a page of its own; the document starts on the next one.
    expect(pages[1]).toContain('Intro with bold');
    const links = await linkTargets(res.body);
    expect(links.internal).toBe(5);
  });

  it('renders the index.md of a ZIP with its images', async () => {
    const upload = {
      name: 'docs.zip',
      content: zipOf({
        'index.md': '# Zipped\n\n<img src="pics/red.png" style="width:8cm;height:8cm">\n',
        'pics/red.png': solidPng(6, 6, [255, 0, 0]),
        'other.md': '# Not this one',
      }),
      contentType: 'application/zip',
    };
    const res = await postTool(server, markdownToPdfTool.endpoint, [upload]);
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('docs.pdf');
    expect(pageTexts(res.body)[0]).toContain('Zipped');
    expect(countPixels(renderFirstPage(res.body), [255, 0, 0])).toBeGreaterThan(5_000);
  });

  it('shows a Markdown image given as a data: URI', async () => {
    const uri = `data:image/png;base64,${solidPng(4, 4, [0, 0, 255]).toString('base64')}`;
    const res = await postTool(server, markdownToPdfTool.endpoint, [
      markdownFile('a.md', `# Pic\n\n![blue](${uri})\n\n<img src="${uri}" width="300" height="300">`),
    ]);
    expect(res.status).toBe(200);
    expect(countPixels(renderFirstPage(res.body), [0, 0, 255])).toBeGreaterThan(2_000);
  });

  it('refuses a ZIP without Markdown', async () => {
    const res = await postTool(server, markdownToPdfTool.endpoint, [{ name: 'x.zip', content: zipOf({ 'a.txt': 'x' }), contentType: 'application/zip' }]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('ZIP must contain at least one .md file');
  });

  it.each([
    ['a text file', { name: 'notes.txt', content: Buffer.from('# hi'), contentType: 'text/plain' }],
    ['an HTML file', { name: 'notes.html', content: Buffer.from('<h1>hi</h1>'), contentType: 'text/html' }],
  ])("refuses %s with the spec's message", async (_, upload) => {
    const res = await postTool(server, markdownToPdfTool.endpoint, [upload]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Please upload a valid Markdown file (.md or .markdown).');
  });
});
