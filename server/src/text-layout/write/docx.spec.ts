import AdmZip from 'adm-zip';
import type { LayoutPage } from '../types';
import { buildDocx } from './docx';

/** The number Word shows first for the list the paragraph with `text` belongs to. */
function firstNumberOfList(docx: Buffer, text: string): number | undefined {
  const zip = new AdmZip(docx);
  const body = zip.readAsText('word/document.xml');
  const numbering = zip.readAsText('word/numbering.xml');
  const paragraph = (body.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).find((p) => p.includes(`>${text}<`));
  const numId = paragraph && /<w:numId w:val="(\d+)"/.exec(paragraph)?.[1];
  const abstractId = numId && new RegExp(`<w:num w:numId="${numId}"[^>]*>\\s*<w:abstractNumId w:val="(\\d+)"`).exec(numbering)?.[1];
  const abstract = abstractId && new RegExp(`<w:abstractNum [^>]*w:abstractNumId="${abstractId}"[^>]*>[\\s\\S]*?</w:abstractNum>`).exec(numbering)?.[0];
  const start = abstract && /<w:start w:val="(\d+)"/.exec(abstract)?.[1];
  return start ? Number(start) : undefined;
}

describe('buildDocx', () => {
  it('nests list items at their levels', async () => {
    const pages: LayoutPage[] = [
      {
        page: 1,
        width: 612,
        height: 792,
        blocks: [{ kind: 'list', ordered: false, start: 1, items: ['fruit', 'apples', 'bread'], levels: [0, 1, 0], fontSize: 11 }],
      },
    ];
    const body = new AdmZip(await buildDocx(pages, { preserveLayout: false })).readAsText('word/document.xml');
    const levelOf = (text: string) =>
      /<w:ilvl w:val="(\d)"/.exec((body.match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? []).find((p) => p.includes(`>${text}<`)) ?? '')?.[1];
    expect(['fruit', 'apples', 'bread'].map(levelOf)).toEqual(['0', '1', '0']);
  });

  it('numbers a list from the number the PDF shows', async () => {
    const pages: LayoutPage[] = [
      { page: 1, width: 612, height: 792, blocks: [{ kind: 'list', ordered: true, start: 1, items: ['one', 'two', 'three'], fontSize: 11 }] },
      { page: 2, width: 612, height: 792, blocks: [{ kind: 'list', ordered: true, start: 4, items: ['four', 'five'], fontSize: 11 }] },
    ];
    const docx = await buildDocx(pages, { preserveLayout: true });
    expect(firstNumberOfList(docx, 'one')).toBe(1);
    expect(firstNumberOfList(docx, 'four')).toBe(4);
  });
});
