import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { preProcessFile } from 'typescript';

/** One import between two top-level folders of `server/src`. e.g. `{ from: 'jobs', to: 'http', file: 'jobs/result-quota.ts' }` */
export interface FolderImport {
  from: string;
  to: string;
  /** The importing file, relative to the source root. */
  file: string;
  /** The module as written. e.g. '../http/api-error' */
  module: string;
  /** A folder of the source root, not a package. */
  local: boolean;
}

/**
 * Every import of a source file (specs left out: a test may reach anywhere)
 * from one top-level folder of `root` into another, or of a package. A file
 * directly in `root` (app.ts, config.ts) is a folder of its own, named after it.
 */
export function folderImports(root: string): FolderImport[] {
  const imports: FolderImport[] = [];
  for (const file of sourceFiles(root)) {
    const from = folderOf(root, file);
    for (const { fileName: module } of preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      const local = module.startsWith('.');
      const to = local ? folderOf(root, resolve(dirname(file), module)) : module;
      if (to !== from) imports.push({ from, to, file: relative(root, file), module, local });
    }
  }
  return imports;
}

/** The folder cycles among these imports, each as the folders in order. e.g. [['jobs', 'http']] */
export function folderCycles(imports: readonly FolderImport[]): string[][] {
  const edges = new Map<string, Set<string>>();
  for (const { from, to, local } of imports) if (local) edges.set(from, (edges.get(from) ?? new Set()).add(to));
  const cycles = new Map<string, string[]>();
  const walk = (path: string[]) => {
    for (const next of edges.get(path.at(-1)!) ?? []) {
      const seen = path.indexOf(next);
      if (seen >= 0) {
        const cycle = path.slice(seen);
        // One entry per cycle, whichever folder it was found from.
        const start = cycle.indexOf([...cycle].sort()[0]);
        const canonical = [...cycle.slice(start), ...cycle.slice(0, start)];
        cycles.set(canonical.join(' → '), canonical);
      } else walk([...path, next]);
    }
  };
  for (const folder of edges.keys()) walk([folder]);
  return [...cycles.values()];
}

function folderOf(root: string, path: string): string {
  const [first, second] = relative(root, path).split(sep);
  return second === undefined ? first.replace(/\.(ts|js)$/, '') : first;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}
