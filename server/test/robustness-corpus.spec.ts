import { writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { tools, type AnyTool } from '@folio/registry';
import { DAMAGED_PDFS } from './corpus/damaged-pdfs';
import { findRealWorldPdfs } from './corpus/debian-docs';
import { OrderedPool } from './corpus/ordered-pool';
import { postTool } from './support/http';
import { strayJobEngines } from './support/processes';
import { dealByReader, dealReadersInTurn, familiesOf, PDF_READERS, readerFamiliesOf } from './support/reader-families';
import { isStructuralTool } from './support/sample-files';
import { startTestServer, type TestServer } from './support/test-server';
import { validFieldUploads, validFields } from './support/valid-fields';

/**
 * A robustness corpus sent to the tools that read PDFs: real manuals from
 * Debian's documentation packages (many producers, PDF 1.2 to 1.7) and
 * deterministic damage done to valid seeds (corpus/damaged-pdfs.ts). Every
 * answer must be a result or a 4xx JSON error, never a 5xx, within the job time
 * limit; afterwards no file is left in the work folder and no per-job engine
 * process is left running.
 *
 * What a damaged file can break is the parser that reads it, and most tools
 * share theirs: the tools are grouped by the engines their processors reach
 * (support/reader-families.ts: qpdf, pdf-lib, Poppler, Ghostscript, pikepdf,
 * MuPDF, OCRmyPDF, LibreOffice, the content budget), and the corpus is dealt by
 * group, so its cost grows with readers, not with tools:
 * - structural tools (milliseconds a request): every file goes to one tool of
 *   each reader the structural tools use, the least used first, so every file
 *   meets each of those parsers and the tools of a crowded group take turns;
 * - the others (an office suite, OCR, a renderer or Ghostscript: seconds a
 *   request): each damaged file (small) goes to two of them and each real-world
 *   file (up to hundreds of pages) to one, each pick for the reader served
 *   least so far, so the three office tools meet as many files as the twenty
 *   Poppler ones.
 * Requests run CONCURRENCY at a time, up to LOOKAHEAD ahead of the test being
 * run (corpus/ordered-pool.ts), so a filtered run (jest -t) sends little more
 * than it tests.
 */

/** The job time limit the server is started with; every answer must come within it. */
const JOB_LIMIT_MS = 60_000;
/** What an answer may take beyond the limit: the runner's own clean-up and the response. */
const ANSWER_GRACE_MS = 5_000;
const REAL_FILES = Number(process.env.CORPUS_REAL_FILES ?? 25);
const CONCURRENCY = Number(process.env.CORPUS_CONCURRENCY ?? 2);
/**
 * Requests started ahead of the test being run: about twelve corpus files' worth,
 * so the other workers keep busy while one request runs into the job limit.
 */
const LOOKAHEAD = 150;
/**
 * The corpus is about damage, not speed: PDF to Image renders at 72 DPI rather
 * than its default 300, and OCR recognises only pages without text (the manuals
 * have text; its own limit of 30 minutes would outlast this suite's).
 */
const FIELD_OVERRIDES: Record<string, Record<string, string>> = { 'pdf-to-image': { dpi: '72' }, 'ocr-cleanup': { ocrType: 'skip-text' } };
/** Set to a file path to get every answer as JSON (for triage). */
const REPORT_PATH = process.env.CORPUS_REPORT;

interface CorpusFile {
  /** How many of the slow tools get it. */
  slowTools: number;
  /** A real-world manual (up to hundreds of pages), not a small damaged file. */
  real: boolean;
  /** Shown in test names, e.g. 'debian graphviz/leftyguide.pdf (Acrobat Distiller ..., PDF 1.2)'. */
  label: string;
  /** The upload's file name. */
  fileName: string;
  load: () => Promise<Buffer>;
}

const realWorld = findRealWorldPdfs({ maxFiles: REAL_FILES });
/** Small damaged files first, real-world ones after: a long request then overlaps others instead of ending the run alone. */
const corpus: CorpusFile[] = [
  ...DAMAGED_PDFS.map((d) => ({
    slowTools: 2,
    real: false,
    label: `damaged (${d.kind}) ${d.name}`,
    fileName: `${d.kind.replace(/\W+/g, '-')}.pdf`,
    load: async () => d.build(),
  })),
  ...realWorld.files.map((f) => ({
    slowTools: 1,
    real: true,
    label: `debian ${f.name} (${f.producer || 'producer unknown'}, PDF ${f.version}, ${Math.round(f.bytes / 1024)} KB)`,
    fileName: basename(f.path),
    load: () => readFile(f.path),
  })),
];

const pdfTools = tools.filter((tool) => tool.input.accept.includes('pdf'));
const fastTools = pdfTools.filter(isStructuralTool);
const slowTools = pdfTools.filter((tool) => !isStructuralTool(tool));
const readsPdf = (family: string) => PDF_READERS.has(family);

interface Case {
  tool: AnyTool;
  file: CorpusFile;
}

/**
 * LibreOffice's PDF import takes seconds a page (a 35-page manual took 2 min 42 s
 * run directly), longer than this suite's job limit allows: tools built on it get
 * the damaged files (small) but not the real manuals.
 */
const LIBREOFFICE_PDF_IMPORT = new Set(['pdf-to-xml', 'pdf-to-presentation']);

const damaged = corpus.filter((file) => !file.real);
const real = corpus.filter((file) => file.real);
const structuralDeal = dealByReader(fastTools, corpus.length, 1, readsPdf);
const slowDeal = new Map<CorpusFile, AnyTool[]>([
  ...zip(
    damaged,
    dealReadersInTurn(
      slowTools,
      damaged.map((file) => file.slowTools),
      readsPdf,
    ),
  ),
  ...zip(
    real,
    dealReadersInTurn(
      slowTools.filter((tool) => !LIBREOFFICE_PDF_IMPORT.has(tool.id)),
      real.map((file) => file.slowTools),
      readsPdf,
    ),
  ),
]);

/** In file order, so each slow request runs beside fast ones. */
const cases: Case[] = corpus.flatMap((file, i) => [...structuralDeal[i], ...slowDeal.get(file)!].map((tool) => ({ tool, file })));

function zip<A, B>(as: readonly A[], bs: readonly B[]): [A, B][] {
  return as.map((a, i) => [a, bs[i]]);
}

interface Answer {
  status?: number;
  contentType?: string;
  error?: unknown;
  body?: string;
  ms: number;
  /** No answer at all within the limit and its grace. */
  hung?: true;
}

async function send(server: TestServer, { tool, file }: Case): Promise<Answer> {
  let content: Buffer;
  try {
    content = await file.load();
  } catch (error) {
    return { ms: 0, body: `the corpus file could not be made: ${(error as Error).message}` };
  }
  const files = Array.from({ length: tool.input.minFiles ?? 1 }, () => ({ name: file.fileName, content }));
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<'hung'>((resolve) => (timer = setTimeout(() => resolve('hung'), JOB_LIMIT_MS + ANSWER_GRACE_MS)));
  try {
    const res = await Promise.race([
      postTool(server, tool.endpoint, [...files, ...(await validFieldUploads(tool))], { ...validFields(tool), ...FIELD_OVERRIDES[tool.id] }),
      hung,
    ]);
    const ms = Date.now() - started;
    if (res === 'hung') return { ms, hung: true };
    const body = res.status >= 300 ? res.body.toString('utf8').slice(0, 400) : undefined;
    return { status: res.status, contentType: res.headers['content-type'], error: res.json?.error, body, ms };
  } catch (error) {
    return { ms: Date.now() - started, body: `the request failed: ${(error as Error).message}` };
  } finally {
    clearTimeout(timer);
  }
}

it('deals every file to each reader the structural tools use, and every tool that reads PDFs some files', () => {
  const structuralReaders = [...familiesOf(fastTools, readsPdf).keys()];
  for (const [i, file] of corpus.entries()) {
    const met = new Set(structuralDeal[i].flatMap((tool) => readerFamiliesOf(tool)));
    expect({ file: file.label, missing: structuralReaders.filter((family) => !met.has(family)) }).toEqual({ file: file.label, missing: [] });
  }
  const dealt = new Set(cases.map((c) => c.tool.id));
  expect(pdfTools.map((tool) => tool.id).filter((id) => !dealt.has(id))).toEqual([]);
});

describe('robustness corpus: real-world and damaged PDFs sent to every reader of PDFs, by way of the tools using it', () => {
  let server: TestServer;
  let pool: OrderedPool<Answer>;

  beforeAll(async () => {
    server = await startTestServer({ engineTimeoutMs: JOB_LIMIT_MS });
    pool = new OrderedPool(cases.length, (i) => send(server, cases[i]), CONCURRENCY, LOOKAHEAD);
  });

  afterAll(async () => {
    // Requests started ahead of a filtered run's last test are let finish, no new ones started.
    pool?.close();
    const finished = (await pool?.finished()) ?? [];
    if (REPORT_PATH)
      writeFileSync(
        REPORT_PATH,
        JSON.stringify(
          finished.map(([i, answer]) => ({ tool: cases[i].tool.id, file: cases[i].file.label, ...answer })),
          null,
          1,
        ),
      );
    await server?.close();
    realWorld.cleanup();
  });

  // A test may wait for the requests ahead of it (CONCURRENCY at a time) besides its own.
  const testTimeout = (CONCURRENCY + 1) * (JOB_LIMIT_MS + ANSWER_GRACE_MS);

  it.each(cases.map((c, i) => [c.tool.id, c.file.label, i] as const))(
    '%s answers %s with a result or a 4xx',
    async (_tool, _file, i) => {
      const { tool } = cases[i];
      const { hung, ms, status = 0, body, contentType, error } = await pool.result(i);
      if (hung) throw new Error(`No answer within ${JOB_LIMIT_MS + ANSWER_GRACE_MS} ms`);
      expect(ms).toBeLessThanOrEqual(JOB_LIMIT_MS + ANSWER_GRACE_MS);
      // 204 is a result for a tool that may find nothing to send (PDF to CSV on a page without tables).
      const result = status === 200 || (status === 204 && tool.result.noContentWhen !== undefined);
      if (result) return;
      if (status < 400 || status >= 500) throw new Error(`Answered ${status || 'nothing'} after ${ms} ms: ${body ?? ''}`);
      expect(contentType).toMatch(/json/);
      expect(typeof error).toBe('string');
    },
    testTimeout,
  );

  it(
    'leaves no file in the work folder',
    async () => {
      await pool.finished();
      const end = Date.now() + 2_000;
      while (server.leftovers().length > 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(server.leftovers()).toEqual([]);
    },
    testTimeout,
  );

  it(
    'leaves no per-job engine process running (pooled office and browser excepted)',
    async () => {
      await pool.finished();
      const stray = await strayJobEngines(process.pid, 3_000);
      expect(stray.map((p) => `${p.pid} ${p.command.slice(0, 300)}`)).toEqual([]);
    },
    testTimeout,
  );
});
