import { resolve } from 'node:path';
import { folderCycles, folderImports, type FolderImport } from './folder-imports';

const SOURCE_ROOT = resolve(__dirname, '..');
const imports = folderImports(SOURCE_ROOT);
const shown = (found: readonly FolderImport[]) => found.map((i) => `${i.file} imports ${i.module}`);

/** The HTTP edge: what may speak Express, Nest's controllers and ApiError. */
const EDGE = ['tool-routing', 'http', 'openapi', 'contact', 'site', 'app', 'app.module', 'main'];
/** The execution core, the queue, the tools and what they are built on: they know nothing of HTTP. */
const BEHIND_THE_EDGE = ['tool-execution', 'jobs', 'processors', 'engines', 'input-checks', 'workspace'];

describe('the layout of server/src', () => {
  it('has no import cycle between folders (npm run lint refuses one between modules)', () => {
    expect(folderCycles(imports).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('keeps HTTP to the edge: the core, the queue, processors and engines import neither the edge nor Express', () => {
    const crossing = imports.filter(
      (i) => BEHIND_THE_EDGE.includes(i.from) && (EDGE.includes(i.to) || i.to === 'express' || i.to === '@nestjs/platform-express'),
    );
    expect(shown(crossing)).toEqual([]);
  });

  it('knows the edge and the core by these names (a renamed folder must be renamed here too)', () => {
    const folders = new Set(imports.map((i) => i.from));
    expect([...EDGE, ...BEHIND_THE_EDGE].filter((folder) => !folders.has(folder))).toEqual([]);
  });

  it('finds cycles and crossings when there are some (the check itself)', () => {
    const made = (from: string, to: string): FolderImport => ({ from, to, file: `${from}/x.ts`, module: `../${to}/y`, local: true });
    expect(folderCycles([made('jobs', 'http'), made('http', 'jobs'), made('a', 'b')])).toEqual([['http', 'jobs']]);
    expect(folderCycles([made('a', 'b'), made('b', 'c'), made('c', 'a')])).toEqual([['a', 'b', 'c']]);
    expect(folderCycles([made('a', 'b'), made('b', 'c')])).toEqual([]);
  });
});
