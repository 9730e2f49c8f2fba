import { tools, type AnyTool } from '@folio/registry';
import { postTool } from './support/http';
import { makePdf } from './support/pdfs';
import { familiesOf, PDF_READERS, readerFamiliesOf } from './support/reader-families';
import { isStructuralTool, sampleUpload } from './support/sample-files';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';
import { validFieldUploads, validFields } from './support/valid-fields';

jest.setTimeout(120_000);

/** Deterministic pseudo-random numbers (mulberry32), so a failing case can be replayed by its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One mutation of a valid file: flipped bytes, a cut, a dropped or repeated slice, or inserted junk. */
function mutate(pdf: Buffer, seed: number): Buffer {
  const next = random(seed);
  const at = (n = pdf.length) => Math.floor(next() * n);
  const copy = Buffer.from(pdf);
  switch (seed % 5) {
    case 0:
      for (let i = 0, n = 1 + at(20); i < n; i++) copy[at()] = at(256);
      return copy;
    case 1:
      return copy.subarray(0, at());
    case 2: {
      const start = at();
      return Buffer.concat([copy.subarray(0, start), copy.subarray(Math.min(start + 1 + at(200), copy.length))]);
    }
    case 3: {
      const start = at();
      const slice = copy.subarray(start, start + 1 + at(300));
      return Buffer.concat([copy.subarray(0, start), slice, slice, copy.subarray(start)]);
    }
    default: {
      const start = at();
      const junk = Buffer.from(Array.from({ length: 1 + at(64) }, () => at(256)));
      return Buffer.concat([copy.subarray(0, start), junk, copy.subarray(start)]);
    }
  }
}

/** Most cases one structural tool gets (milliseconds a request). */
const CASES_PER_TOOL = Number(process.env.FUZZ_CASES_PER_TOOL ?? 30);
/** Office, browser and OCR engines take seconds a file: fewer cases keep the suite quick. Also the fewest any tool gets. */
const CASES_PER_SLOW_TOOL = Number(process.env.FUZZ_CASES_PER_SLOW_TOOL ?? 4);
/**
 * Mutated PDFs each reader the structural tools use gets, shared out among the
 * tools reading with it (support/reader-families.ts): a mutation breaks the
 * parser, and twenty tools opening files with qpdf share one, so each of them
 * gets a few and the one tool reading with Ghostscript or pikepdf gets CASES_PER_TOOL.
 */
const CASES_PER_READER = Number(process.env.FUZZ_CASES_PER_READER ?? 60);

const structuralFamilies = familiesOf(tools.filter(isStructuralTool), (family) => PDF_READERS.has(family));

/** The cases a tool gets: its share of its most exclusive reader's, within the bounds above. */
function casesFor(tool: AnyTool): number {
  if (!isStructuralTool(tool)) return CASES_PER_SLOW_TOOL;
  const shares = readerFamiliesOf(tool)
    .filter((family) => structuralFamilies.has(family))
    .map((family) => Math.ceil(CASES_PER_READER / structuralFamilies.get(family)!.length));
  return Math.min(CASES_PER_TOOL, Math.max(CASES_PER_SLOW_TOOL, ...shares));
}

describe("fuzzing: mutated files of an accepted type sent to every tool, structural ones by their readers' share", () => {
  let server: TestServer;
  let pdfSeeds: Buffer[];
  beforeAll(async () => {
    server = await startTestServer({ engineTimeoutMs: 20_000 });
    pdfSeeds = [await makePdf(3, { label: 'fuzz', title: 'Seed' }), await makePdf(1, { size: [612, 792] })];
  });
  afterAll(() => server.close());

  it.each(tools.map((t) => [t.id]))('%s answers every mutated input with a result or a 4xx', async (toolId) => {
    const tool = tools.find((t) => t.id === toolId)!;
    const sample = await sampleUpload(tool);
    const seeds = sample.type === 'pdf' ? pdfSeeds : [sample.content];
    const extension = sample.name.slice(sample.name.lastIndexOf('.'));
    const failures: string[] = [];
    const cases = casesFor(tool);
    for (let i = 0; i < cases; i++) {
      const seed = toolId.length * 1000 + i;
      const content = mutate(seeds[i % seeds.length], seed);
      const files = Array.from({ length: tool.input.minFiles ?? 1 }, (_, n) => ({ name: `fuzz-${n}${extension}`, content }));
      const res = await postTool(server, tool.endpoint, [...files, ...(await validFieldUploads(tool))], validFields(tool));
      // 204 is a result for a tool that may have nothing to send (PDF to CSV on a page without tables).
      const ok = res.status === 200 || res.status === 400 || (res.status === 204 && tool.result.noContentWhen !== undefined);
      if (!ok) failures.push(`seed ${seed}: ${res.status} ${res.body.toString('utf8').slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });
});
