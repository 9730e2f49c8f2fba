import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handWrittenPdf } from '../../test/support/hand-written-pdf';
import { makePdf } from '../../test/support/pdfs';
import { flattenOutlines, readOutlines, writeOutlines, type OutlineNode } from './outlines';

describe('outlines read from the objects', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'folio-outlines-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const engine = () => ({ deadline: Date.now() + 20_000, timeLimitMs: 20_000, folder: dir });

  it('reads titles, explicit, GoTo and named destinations, nesting, and stops at a loop', async () => {
    const path = join(dir, 'loop.pdf');
    writeFileSync(
      path,
      handWrittenPdf([
        '<< /Type /Catalog /Pages 2 0 R /Outlines 5 0 R /Names << /Dests 8 0 R >> >>',
        '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
        '<< /Type /Outlines /First 6 0 R /Last 7 0 R /Count 2 >>',
        '<< /Title (First \\(one\\)) /Parent 5 0 R /Next 7 0 R /Dest [4 0 R /Fit] /First 9 0 R >>',
        '<< /Title <FEFF00C900740065> /Parent 5 0 R /Prev 6 0 R /A << /S /GoTo /D (named) >> /Next 6 0 R >>',
        '<< /Names [(named) [3 0 R /XYZ 0 0 0]] >>',
        // Its /Next is itself: qpdf's own outline reader never ends on this file.
        '<< /Title (Kid) /Parent 6 0 R /Dest [3 0 R /Fit] /Next 9 0 R >>',
      ]),
    );
    const tree = await readOutlines(path, engine());
    expect(tree).toEqual([
      { title: 'First (one)', pageIndex: 1, children: [{ title: 'Kid', pageIndex: 0, children: [] }] },
      { title: 'Éte', pageIndex: 0, children: [] },
    ]);
    expect(flattenOutlines(tree)).toEqual([
      { title: 'First (one)', pageIndex: 1 },
      { title: 'Kid', pageIndex: 0 },
      { title: 'Éte', pageIndex: 0 },
    ]);
  });

  it('writes a three-level outline that qpdf reads back the same', async () => {
    const input = join(dir, 'in.pdf');
    writeFileSync(input, await makePdf(5));
    const tree: OutlineNode[] = [
      { title: 'Part one', pageIndex: 0, children: [{ title: 'Chapter 1', pageIndex: 1, children: [{ title: 'Section 1.1', pageIndex: 2, children: [] }] }] },
      { title: 'Part two', pageIndex: 4, children: [] },
    ];
    const output = join(dir, 'out.pdf');
    await writeOutlines(input, output, tree, join(dir, 'update.json'), engine());
    interface Read {
      title: string;
      destpageposfrom1: number;
      kids: Read[];
    }
    const read = (nodes: Read[]): OutlineNode[] => nodes.map((n) => ({ title: n.title, pageIndex: n.destpageposfrom1 - 1, children: read(n.kids) }));
    const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=outlines', output]).toString()) as { outlines: Read[] };
    expect(read(json.outlines)).toEqual(tree);
    expect(await readOutlines(output, engine())).toEqual(tree);
  });

  it('appends after the file’s own items, keeping a closed one closed and its action, ending a /Next loop, and counts what is shown open', async () => {
    const input = join(dir, 'closed.pdf');
    writeFileSync(
      input,
      handWrittenPdf([
        '<< /Type /Catalog /Pages 2 0 R /Outlines 5 0 R >>',
        '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
        '<< /Type /Outlines /First 6 0 R /Last 6 0 R /Count 1 >>',
        // Closed (negative /Count), with a link action and a child; its /Next points back at itself.
        '<< /Title (Closed) /Parent 5 0 R /A << /S /URI /URI (https://example.com) >> /First 7 0 R /Last 7 0 R /Count -1 /Next 6 0 R >>',
        '<< /Title (Hidden kid) /Parent 6 0 R /Dest [4 0 R /Fit] >>',
      ]),
    );
    const output = join(dir, 'appended.pdf');
    const added: OutlineNode[] = [{ title: 'New', pageIndex: 1, children: [{ title: 'New kid', pageIndex: 0, children: [] }] }];
    await writeOutlines(input, output, added, join(dir, 'update.json'), engine(), { append: true });
    interface Read {
      title: string;
      open: boolean;
      kids: Read[];
    }
    const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=outlines', '--json-key=qpdf', output]).toString()) as {
      outlines: Read[];
      qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>];
    };
    const shape = (nodes: Read[]): unknown[] => nodes.map((n) => [n.title, n.open, shape(n.kids)]);
    expect(shape(json.outlines)).toEqual([
      ['Closed', false, [['Hidden kid', true, []]]],
      ['New', true, [['New kid', true, []]]],
    ]);
    const objects = json.qpdf[1];
    const catalog = Object.values(objects).find((o) => o.value?.['/Type'] === '/Catalog')!.value!;
    const root = objects[`obj:${catalog['/Outlines'] as string}`].value!;
    // Shown open: Closed, New and New kid (the closed item's child is hidden).
    expect(root['/Count']).toBe(3);
    const closed = Object.values(objects).find((o) => o.value?.['/Title'] === 'u:Closed')!.value!;
    expect(closed['/Count']).toBe(-1);
    expect((closed['/A'] as Record<string, unknown>)['/URI']).toBe('u:https://example.com');
  });
});
