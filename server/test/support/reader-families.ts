import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { AnyTool } from '@folio/registry';

/**
 * The engines that read a tool's upload, found rather than listed: the imports
 * of the tool's processor folder (server/src/processors/<id>/) are followed
 * through the server's shared modules (text-layout, pdf-objects, page-marks...)
 * to the engine wrappers they reach in server/src/engines/, and each wrapper is
 * named by the reader it hands bytes to (ENGINE_READERS). Two checks every
 * PDF goes through before its processor are added by the rule the runner
 * follows (tool-execution/tool-runner.ts): qpdf opens every PDF, and a
 * processor that sets `readsPageContent` has its content streams weighed first.
 *
 * Cross-tool suites use this to scale with readers, not with tools: a hostile
 * file is sent to a few tools of each reader family, so it meets every parser
 * that could choke on it, and the tools take turns, so each tool still meets
 * many files. A new tool joins its families by its imports alone.
 *
 * Reaching an engine counts as reading with it, whatever the options: Add
 * Attachments runs Ghostscript only for PDF/A-3 output, PDF to Word hands
 * LibreOffice its own DOCX. Such an over-count only adds a tool to a family.
 */

const SERVER_SRC = resolve(__dirname, '../../src');
const ENGINES = join(SERVER_SRC, 'engines');

/**
 * The reader each engine wrapper gives bytes of the document to (the Python
 * scripts' libraries included: pymupdf.ts runs fitz and pikepdf). An empty
 * list: the module reads no upload (process control, writing ZIPs, drawing text).
 */
const ENGINE_READERS: Record<string, readonly string[]> = {
  qpdf: ['qpdf'],
  'part-documents': ['pikepdf'],
  pikepdf: ['pikepdf'],
  'page-imposition': ['pikepdf'],
  'page-items': ['pikepdf', 'image headers'],
  'page-differences': ['MuPDF'],
  rgb: [],
  'pdf-compress': ['MuPDF'],
  pymupdf: ['MuPDF', 'pikepdf'],
  'pdf-area-redact': ['MuPDF', 'pikepdf'],
  'mupdf-repair': ['MuPDF'],
  'pdf-lib': ['pdf-lib'],
  'pdf-lib-tasks': ['pdf-lib'],
  'pdf-lib-budget': ['pdf-lib'],
  poppler: ['Poppler'],
  'poppler-text': ['Poppler'],
  'poppler-cairo': ['Poppler'],
  pdftohtml: ['Poppler'],
  ghostscript: ['Ghostscript'],
  ocrmypdf: ['OCRmyPDF'],
  libreoffice: ['LibreOffice'],
  chromium: ['Chromium'],
  imagemagick: ['ImageMagick'],
  'image-dimensions': ['image headers'],
  jpegtran: ['jpegtran'],
  opencv: ['OpenCV'],
  'opencv-qr': ['OpenCV'],
  openssl: ['OpenSSL'],
  'openssl-timestamps': ['OpenSSL'],
  keytool: ['keytool'],
  rsvg: ['librsvg'],
  calibre: ['Calibre', 'Poppler'],
  mutool: ['MuPDF'],
  'svg-clean': ['SVG cleaner'],
  'zip-reading': ['ZIP reader'],
  unar: ['unar'],
  'comic-archives': ['ZIP reader', 'unar', 'image headers'],
  zip: [],
  pango: [],
  process: [],
  confinement: [],
  deadline: [],
  'engine-scripts': [],
  'python-pdf-script': [],
  lifecycle: [],
  limiter: [],
  seccomp: [],
  'pdf-errors': [],
};

/** The runner's own readers, which every tool shares: not followed, but added by its rule (see above). */
const SHARED_CORE = ['tool-execution', 'tool-routing', 'jobs', 'http', 'operations', 'workspace'].map((folder) => join(SERVER_SRC, folder));

/** The family of tools whose PDFs are weighed by the content budget before the processor runs. */
export const CONTENT_BUDGET = 'content budget';

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts')].find((path) => existsSync(path));
}

/** Every engine module (file name without .ts) the processor folder reaches through its imports. */
function enginesReachedFrom(folder: string): Set<string> {
  const engines = new Set<string>();
  const seen = new Set<string>();
  const queue = readdirSync(folder)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.spec.ts'))
    .map((name) => join(folder, name));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    // An engine is a wrapper file in engines/ or, for one split by subject, its folder (engines/qpdf/).
    if (file.startsWith(`${ENGINES}/`))
      engines.add(
        file
          .slice(ENGINES.length + 1)
          .split('/')[0]
          .replace(/\.ts$/, ''),
      );
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = resolveImport(file, specifier);
      if (target && !SHARED_CORE.some((core) => target.startsWith(`${core}/`))) queue.push(target);
    }
  }
  return engines;
}

const cache = new Map<string, readonly string[]>();

/** The reader families a tool's upload meets, e.g. split-chapters → ['qpdf'], pdf-to-pdfa → ['Ghostscript', 'content budget', 'qpdf']. */
export function readerFamiliesOf(tool: AnyTool): readonly string[] {
  const known = cache.get(tool.id);
  if (known) return known;
  const folder = join(SERVER_SRC, 'processors', tool.id);
  if (!existsSync(folder)) throw new Error(`reader-families.ts: no processor folder for "${tool.id}" at ${folder}.`);
  const families = new Set<string>(tool.input.accept.includes('pdf') ? ['qpdf'] : []);
  for (const engine of enginesReachedFrom(folder)) {
    const readers = ENGINE_READERS[engine];
    if (!readers)
      throw new Error(
        `reader-families.ts: "${tool.id}" uses the engine module "${engine}", which ENGINE_READERS does not name: add what it reads ([] if nothing of the upload).`,
      );
    for (const reader of readers) families.add(reader);
  }
  const processorSource = readdirSync(folder)
    .filter((name) => name.endsWith('.processor.ts'))
    .map((name) => readFileSync(join(folder, name), 'utf8'))
    .join('\n');
  if (/readonly readsPageContent = true/.test(processorSource)) families.add(CONTENT_BUDGET);
  const sorted = [...families].sort();
  cache.set(tool.id, sorted);
  return sorted;
}

/** The families that parse PDF bytes: what a damaged or hostile PDF is aimed at (the others read images, key stores, web pages). */
export const PDF_READERS: ReadonlySet<string> = new Set([
  'qpdf',
  'pikepdf',
  'MuPDF',
  'pdf-lib',
  'Poppler',
  'Ghostscript',
  'OCRmyPDF',
  'LibreOffice',
  CONTENT_BUDGET,
]);

/** Each family the tools read with (those `only` keeps), and its members. */
export function familiesOf(tools: readonly AnyTool[], only: (family: string) => boolean = () => true): Map<string, AnyTool[]> {
  const members = new Map<string, AnyTool[]>();
  for (const tool of tools) for (const family of readerFamiliesOf(tool).filter(only)) members.set(family, [...(members.get(family) ?? []), tool]);
  return members;
}

/**
 * For each of `files` inputs in turn, the tools it goes to: `perFamily` members
 * of each reader family that `only` keeps (all of a smaller family), the least
 * used so far first, ties in the tools' order; a tool already chosen for the
 * same input by another family is passed over, so every family gets its own
 * turn. A family of many members (qpdf, which every tool is in) gets more picks
 * where that is needed for each member to meet `minPerTool` inputs. Smaller
 * families are served first. Deterministic.
 */
export function dealByReader(
  tools: readonly AnyTool[],
  files: number,
  perFamily: number,
  only: (family: string) => boolean = () => true,
  minPerTool = 0,
): AnyTool[][] {
  const families = [...familiesOf(tools, only).values()].sort((a, b) => a.length - b.length);
  const used = new Map<AnyTool, number>(tools.map((tool) => [tool, 0]));
  const order = new Map<AnyTool, number>(tools.map((tool, i) => [tool, i]));
  const leastUsedFirst = (a: AnyTool, b: AnyTool) => used.get(a)! - used.get(b)! || order.get(a)! - order.get(b)!;
  return Array.from({ length: files }, () => {
    const chosen = new Set<AnyTool>();
    for (const members of families) {
      const picks = Math.max(perFamily, Math.ceil((members.length * minPerTool) / files));
      for (const tool of members
        .filter((member) => !chosen.has(member))
        .sort(leastUsedFirst)
        .slice(0, picks))
        chosen.add(tool);
    }
    for (const tool of chosen) used.set(tool, used.get(tool)! + 1);
    return tools.filter((tool) => chosen.has(tool));
  });
}

/**
 * For each input in turn, `budgets[i]` tools (for tools too slow to send every
 * input to every family): each pick is the turn of the family served least so
 * far (ties in the order families are first met), and goes to its least-used
 * member not yet chosen for this input. Over many inputs every family has as
 * many turns, a family of three office tools as many as one of twenty
 * renderers, and every tool its share of its families' turns. Deterministic.
 */
export function dealReadersInTurn(tools: readonly AnyTool[], budgets: readonly number[], only: (family: string) => boolean = () => true): AnyTool[][] {
  const families = familiesOf(tools, only);
  const served = new Map<string, number>([...families.keys()].map((family) => [family, 0]));
  const used = new Map<AnyTool, number>(tools.map((tool) => [tool, 0]));
  const order = new Map<AnyTool, number>(tools.map((tool, i) => [tool, i]));
  const leastUsedFirst = (a: AnyTool, b: AnyTool) => used.get(a)! - used.get(b)! || order.get(a)! - order.get(b)!;
  return budgets.map((budget) => {
    const chosen = new Set<AnyTool>();
    while (chosen.size < Math.min(budget, tools.length)) {
      const open = [...families].filter(([, members]) => members.some((tool) => !chosen.has(tool)));
      if (open.length === 0) break;
      const [family, members] = open.reduce((least, entry) => (served.get(entry[0])! < served.get(least[0])! ? entry : least));
      const tool = members.filter((member) => !chosen.has(member)).sort(leastUsedFirst)[0];
      chosen.add(tool);
      used.set(tool, used.get(tool)! + 1);
      served.set(family, served.get(family)! + 1);
    }
    return [...chosen];
  });
}
