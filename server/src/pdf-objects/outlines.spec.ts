import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handWrittenPdf } from '../../test/support/hostile-pdfs';
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
    interface Read { title: string; destpageposfrom1: number; kids: Read[] }
    const read = (nodes: Read[]): OutlineNode[] => nodes.map((n) => ({ title: n.title, pageIndex: n.destpageposfrom1 - 1, children: read(n.kids) }));
    const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=outlines', output]).toString()) as { outlines: Read[] };
    expect(read(json.outlines)).toEqual(tree);
    expect(await readOutlines(output, engine())).toEqual(tree);
  });
});
