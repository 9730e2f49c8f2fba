import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tools } from '@folio/registry';

/** Most JavaScript the home page may make a browser download, as the server sends it (Brotli). */
const HOME_JS_BUDGET_BYTES = 100 * 1024;

const DIST = resolve(__dirname, '../dist');

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

function readManifest(): Manifest {
  const path = join(DIST, '.vite/manifest.json');
  if (!existsSync(path)) throw new Error('Build first: `npm run build` (web/vite.config.ts writes dist/.vite/manifest.json).');
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The files a page's entry loads before it runs: the entry and its static imports, all the way down; never a dynamic import. */
function staticallyLoaded(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticallyLoaded(manifest, imported, seen);
  return seen;
}

/** The bytes a browser receives for a file: its Brotli copy (server/src/http/compressed-static.ts), or the file where the build made none. */
function servedBytes(file: string): number {
  const path = join(DIST, file);
  return existsSync(`${path}.br`) ? statSync(`${path}.br`).size : statSync(path).size;
}

describe('the home page’s JavaScript', () => {
  const manifest = readManifest();
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key === 'index.html');

  it('comes from the app’s one entry, index.html', () => {
    expect(entryKey).toBe('index.html');
  });

  it(`stays within ${HOME_JS_BUDGET_BYTES / 1024} KB as sent (entry and static imports; pages load their own code later)`, () => {
    const files = [...staticallyLoaded(manifest, entryKey!)].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    const sizes = files.map((file) => ({ file, bytes: servedBytes(file) }));
    const total = sizes.reduce((sum, { bytes }) => sum + bytes, 0);
    const listing = sizes.map(({ file, bytes }) => `${file}: ${(bytes / 1024).toFixed(1)} KB`).join('\n');
    if (total > HOME_JS_BUDGET_BYTES)
      throw new Error(`The home page loads ${(total / 1024).toFixed(1)} KB of JavaScript, over the ${HOME_JS_BUDGET_BYTES / 1024} KB budget:\n${listing}`);
    // The entry has a Brotli copy, so the number above is what browsers get, not the raw size.
    expect(existsSync(join(DIST, `${manifest[entryKey!]!.file}.br`))).toBe(true);
  });

  it('leaves the declarations, zod, the tool page, pdf.js and the pipeline editor to the pages that need them', () => {
    const home = staticallyLoaded(manifest, entryKey!);
    for (const key of ['src/tool-page/ToolRoute.tsx', 'src/widgets/pipeline-editor/PipelineEditorWidget.tsx', '../node_modules/pdfjs-dist/build/pdf.mjs']) {
      expect([key, manifest[key]?.isDynamicEntry, home.has(key)]).toEqual([key, true, false]);
    }
    const code = [...home].map((key) => readFileSync(join(DIST, manifest[key]!.file), 'utf8')).join('\n');
    for (const tool of tools) expect([tool.id, code.includes(tool.endpoint)]).toEqual([tool.id, false]);
    expect(code).not.toContain('ZodError');
  });
});
