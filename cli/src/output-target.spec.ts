import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { outputTarget } from './output-target';

describe('outputTarget (-o)', () => {
  let cwd: string;
  beforeAll(() => (cwd = mkdtempSync(join(tmpdir(), 'folio-cli-out-'))));
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it('writes to the current folder by default, to a folder for a path ending in / or an existing one, else to one file', () => {
    expect(outputTarget(undefined, 3, false, cwd)).toEqual({ kind: 'folder', folder: cwd });
    expect(outputTarget('out/', 3, false, cwd)).toEqual({ kind: 'folder', folder: join(cwd, 'out') });
    expect(outputTarget('.', 3, false, cwd)).toEqual({ kind: 'folder', folder: cwd });
    expect(outputTarget('one.pdf', 1, false, cwd)).toEqual({ kind: 'file', path: join(cwd, 'one.pdf') });
    expect(outputTarget('-', 1, false, cwd)).toEqual({ kind: 'stdout' });
  });

  it('refuses one file or stdout for several results, and --unzip to stdout (usage errors)', () => {
    expect(() => outputTarget('one.pdf', 2, false, cwd)).toThrow('-o one.pdf names one file, but 2 results come back');
    expect(() => outputTarget('-', 2, false, cwd)).toThrow('-o - writes one result to stdout');
    expect(() => outputTarget('-', 1, true, cwd)).toThrow('--unzip writes a folder');
  });
});
