import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { outcomesOf, tools, type AnyTool } from '@folio/registry';
import { deriveQaCases } from '../../generators/src/qa-cases';
import { MATRIX_LIMITS } from '../../server/test/qa-matrix-slice';
import { qaUploadContent } from '../../server/test/support/sample-files';
import { runCli } from './cli';
import { limiter, useListeningServer } from './test-support/cli-server';
import { memoryIo } from './test-support/memory-io';
import { cliCaseOf, OUTPUT_FOLDER, refusedLocally, type CliCase } from './test-support/qa-commands';

jest.setTimeout(300_000);

/**
 * The QA matrix's cases (generators/src/qa-cases.ts) sent by the CLI to a real
 * server: what comes back, or the server's refusal, as the command line shows
 * it. Structural tools run every case the server answers; the others (office
 * suite, browser, OCR) their defaults only: their own HTTP specs test the rest.
 * Refusals the schema makes before sending are cli.spec.ts's.
 */
function serverCases(tool: AnyTool): CliCase[] {
  const cases = deriveQaCases(tool, tools, MATRIX_LIMITS)
    .map((c) => cliCaseOf(tool, c))
    .filter((c): c is CliCase => c !== undefined && c.expect.exit !== 2 && !refusedLocally(tool, c.qa));
  return tool.structural ? cases : cases.filter((c) => c.qa.id === 'defaults');
}

/** What starts a file of this content type. */
const SIGNATURES: Readonly<Record<string, string>> = { 'application/pdf': '%PDF-', 'application/zip': 'PK' };

describe('every tool from the command line, against a real server (QA matrix cases)', () => {
  const running = useListeningServer({ maxFiles: MATRIX_LIMITS.maxFiles, maxUploadBytes: MATRIX_LIMITS.maxUploadBytes });
  // A few requests at once: the engines' work is the time, and the machine is small.
  const atMostThree = limiter(3);
  let root: string;
  beforeAll(() => (root = mkdtempSync(join(tmpdir(), 'folio-cli-matrix-'))));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  async function run(tool: AnyTool, c: CliCase): Promise<string[]> {
    const dir = mkdtempSync(join(root, `${tool.id}-`));
    for (const file of c.files) {
      mkdirSync(dirname(join(dir, file.path)), { recursive: true });
      writeFileSync(join(dir, file.path), await qaUploadContent(file.upload, MATRIX_LIMITS.maxUploadBytes));
    }
    const io = memoryIo(dir);
    const code = await runCli([tool.id, ...c.args, '--server', running.baseUrl, '--quiet'], io.io);
    const problems: string[] = [];
    const say = (what: string) => problems.push(`${c.qa.id}: ${what}\n  folio ${tool.id} ${c.args.join(' ')}\n  stderr: ${io.stderr()}`);
    if (code !== c.expect.exit) say(`exit ${code}, expected ${c.expect.exit}`);
    if (c.expect.message !== undefined && !io.stderr().includes(c.expect.message)) say(`stderr lacks "${c.expect.message}"`);
    const out = join(dir, OUTPUT_FOLDER);
    const written = existsSync(out) ? readdirSync(out) : [];
    if (c.expect.noFile && written.length > 0) say(`wrote ${written.join(', ')} for a 204`);
    // An outcome the declaration says holds nothing worth keeping (no images to extract) is said instead of written, as the page does.
    const nothingKept = outcomesOf(tool).some(
      ([, outcome]) => outcome.nothingToKeep && outcome.notice && io.stderr().includes(`${outcome.notice}; no file written.`),
    );
    if (c.expect.exit === 0 && !c.expect.noFile && !(nothingKept && written.length === 0)) {
      const name = c.expect.fileName ?? written[0];
      if (!name || !written.includes(name)) say(`wrote ${written.join(', ') || 'nothing'}, expected ${c.expect.fileName}`);
      else {
        const content = readFileSync(join(out, name));
        const signature = SIGNATURES[c.expect.contentType ?? ''];
        if (content.length === 0) say(`${name} is empty`);
        if (signature && !content.subarray(0, signature.length).equals(Buffer.from(signature))) say(`${name} does not start with ${signature}`);
        if (io.stdout().toString('utf8') !== `${join(OUTPUT_FOLDER, name)}\n`) say(`printed ${io.stdout().toString('utf8')}`);
      }
    }
    return problems;
  }

  it.concurrent.each(tools.map((tool) => [tool.id, tool] as const))('%s', async (_id, tool) => {
    const cases = serverCases(tool);
    const problems = (await Promise.all(cases.map((c) => atMostThree(() => run(tool, c))))).flat();
    expect(problems).toEqual([]);
  });
});
