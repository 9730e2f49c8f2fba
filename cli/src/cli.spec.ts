import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CATEGORIES, tools, type AnyTool, type DeclaredField } from '@folio/registry';
import { deriveQaCases } from '../../generators/src/qa-cases';
import { runCli } from './cli';
import { parseCommandLine } from './command-line';
import { completionScript } from './completion';
import { kebabCase } from './option-names';
import { checkOptions } from './option-values';
import { toolOptions } from './tool-options';
import { memoryIo } from './test-support/memory-io';
import { cliCaseOf, refusedLocally, type CliCase } from './test-support/qa-commands';

const toolNamed = (id: string) => tools.find((tool) => tool.id === id)!;

let folder: string;
beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'folio-cli-unit-'));
  writeFileSync(join(folder, 'a.pdf'), '%PDF-1.7 stand-in: nothing is sent in these tests');
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs the CLI in-process in the test's folder. */
async function cli(args: string[]) {
  const run = memoryIo(folder);
  const code = await runCli(args, run.io);
  return { code, stdout: run.stdout().toString('utf8'), stderr: run.stderr() };
}

describe('every registered tool is a command, its options derived from its declaration', () => {
  it.each(tools.map((tool) => [tool.id, tool] as const))('folio %s --help shows each option with its type, default and allowed values', async (_id, tool) => {
    const { code, stdout } = await cli([tool.id, '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain(tool.title);
    for (const [name, field] of Object.entries(tool.fields) as [string, DeclaredField][]) {
      expect(stdout).toContain(`--${kebabCase(name)}`);
      const fallback = field.default;
      if (fallback !== undefined && fallback !== '' && field.kind !== 'checkbox')
        expect(stdout).toContain(`Default: ${Array.isArray(fallback) ? fallback.join(',') : String(fallback)}`);
      for (const option of field.options ?? []) expect(stdout).toContain(String(option.value));
      if (field.min !== undefined) expect(stdout).toContain(String(field.min));
    }
  });

  it('folio --help lists every category and every tool with its subtitle', async () => {
    const { code, stdout } = await cli(['--help']);
    expect(code).toBe(0);
    for (const category of CATEGORIES.filter((c) => tools.some((tool) => tool.category === c.id))) expect(stdout).toContain(`${category.label}:`);
    for (const tool of tools) expect(stdout).toMatch(new RegExp(`^  ${tool.id} +${tool.subtitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
  });

  it('folio alone prints the list on stderr and exits 2', async () => {
    const { code, stderr } = await cli([]);
    expect(code).toBe(2);
    expect(stderr).toContain('Name a tool');
  });

  it.each(['bash', 'zsh'])('folio completion %s completes every tool and each of its options', async (shell) => {
    const { code, stdout } = await cli(['completion', shell]);
    expect(code).toBe(0);
    for (const tool of tools) {
      expect(stdout).toMatch(new RegExp(`(^|[\\s'])${tool.id}[):]`, 'm'));
      for (const option of toolOptions(tool)) expect(stdout).toContain(`--${option.flag}`);
    }
    expect(stdout).toBe(completionScript(shell, tools));
  });

  it('writes completion scripts the shells can read', () => {
    execFileSync('bash', ['-n'], { input: completionScript('bash', tools) });
    let zsh = true;
    try {
      execFileSync('zsh', ['--version']);
    } catch {
      zsh = false;
    }
    if (zsh) execFileSync('zsh', ['-n'], { input: completionScript('zsh', tools) });
  });

  it('refuses an unknown shell with a usage error', async () => {
    expect((await cli(['completion', 'fish'])).code).toBe(2);
  });
});

describe('reading options', () => {
  const given = (toolId: string, args: string[]) => parseCommandLine(toolId, toolOptions(toolNamed(toolId)), args).given;

  it('takes kebab-case and the field name alike', () => {
    expect(given('split', ['--page-numbers', '1,3'])).toEqual(new Map([['pageNumbers', ['1,3']]]));
    expect(given('split', ['--pageNumbers=1,3'])).toEqual(new Map([['pageNumbers', ['1,3']]]));
    expect(given('detect-split-scanned', ['--angle-threshold', '5', '--angle_threshold=6'])).toEqual(new Map([['angle_threshold', ['6']]]));
  });

  it('takes yes/no options as --flag and --no-flag (and --flag=false), the last one winning', () => {
    expect(given('compress', ['--grayscale']).get('grayscale')).toEqual([true]);
    expect(given('compress', ['--no-grayscale']).get('grayscale')).toEqual([false]);
    expect(given('compress', ['--grayscale=false']).get('grayscale')).toEqual([false]);
    expect(given('compress', ['--grayscale', '--no-grayscale']).get('grayscale')).toEqual([false]);
    expect(given('email-to-pdf', ['--no-include-attachments']).get('includeAttachments')).toEqual([false]);
  });

  it('takes a list as repeated options or a comma list, as the API does', () => {
    const tool = toolNamed('ocr-cleanup');
    const params = (args: string[]) => checkOptions(tool, toolOptions(tool), given('ocr-cleanup', args), memoryIo(folder).io).params;
    expect(params(['--languages', 'eng', '--languages', 'deu']).languages).toEqual(['eng', 'deu']);
    expect(params(['--languages=eng,deu']).languages).toEqual(['eng', 'deu']);
    expect(params([]).languages).toEqual(['eng']);
  });

  it('takes negative numbers after an option', () => {
    const tool = toolNamed('add-page-numbers');
    const { params } = checkOptions(tool, toolOptions(tool), given('add-page-numbers', ['--starting-number', '-5']), memoryIo(folder).io);
    expect(params.startingNumber).toBe(-5);
  });

  it('gives a field the name of a run option where a tool has one (Sign with Certificate: --name)', () => {
    const line = parseCommandLine('sign-certificate', toolOptions(toolNamed('sign-certificate')), ['--name', 'Asha', '--stdin-name', 'in.pdf']);
    expect(line.given.get('name')).toEqual(['Asha']);
    expect(line.settings.stdinName).toBe('in.pdf');
  });

  it('answers an unknown option with exit 2, naming close matches', async () => {
    const { code, stderr } = await cli(['rotate', 'a.pdf', '--angel', '90']);
    expect(code).toBe(2);
    expect(stderr).toContain('Unknown option --angel for rotate. Did you mean --angle?');
    const compress = await cli(['compress', 'a.pdf', '--optimise-level', '3']);
    expect(compress.code).toBe(2);
    expect(compress.stderr).toContain('--optimize-level');
  });

  it('answers an unknown tool with exit 2, naming close matches', async () => {
    const { code, stderr } = await cli(['merg', 'a.pdf']);
    expect(code).toBe(2);
    expect(stderr).toContain('Unknown tool merg. Did you mean merge');
  });

  it('answers a missing file argument, or a file that is not there, with exit 2', async () => {
    expect(await cli(['rotate', '--angle', '90'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Please upload a PDF file.') });
    expect(await cli(['merge', 'a.pdf'])).toMatchObject({ code: 2, stderr: expect.stringContaining('Please upload at least two PDF files to merge.') });
    expect(await cli(['rotate', 'missing.pdf'])).toMatchObject({ code: 2, stderr: expect.stringContaining('No such file: missing.pdf') });
    expect(await cli(['rotate', '*.nothing'])).toMatchObject({ code: 2, stderr: expect.stringContaining('No file matches *.nothing') });
    expect(await cli(['rotate', 'a.pdf', '--angle'])).toMatchObject({ code: 2, stderr: expect.stringContaining('--angle needs a value') });
  });

  it('answers a value outside its bounds with exit 1 and the declaration’s message', async () => {
    expect(await cli(['rotate', 'a.pdf', '--angle', '45'])).toMatchObject({ code: 1, stderr: 'folio rotate: Angle must be a multiple of 90 (--angle)\n' });
    expect(await cli(['add-page-numbers', 'a.pdf', '--zero-pad', '21'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Zero padding must be a whole number from 0 to 20.'),
    });
  });

  it('notes an option the chosen mode ignores', async () => {
    const tool = toolNamed('add-stamp');
    const { ignored } = checkOptions(
      tool,
      toolOptions(tool),
      given('add-stamp', ['--stamp-text', 'DRAFT', '--stamp-type', 'image', '--stamp-image', 'a.pdf']),
      memoryIo(folder).io,
    );
    expect(ignored).toEqual(['--stamp-text is ignored: it applies only when --stamp-type is text.']);
  });
});

/**
 * The QA matrix's refusals that the tool's own schema makes (and missing files):
 * the CLI must say the declaration's message and exit without sending anything.
 * A recording server stands in for Folio, and must hear nothing.
 */
describe('checks before sending, for every case of every tool the QA matrix derives', () => {
  let server: Server;
  let heard = 0;
  let address: string;
  beforeAll(async () => {
    server = createServer((_request, res) => {
      heard++;
      res.statusCode = 500;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const local = (tool: AnyTool) =>
    deriveQaCases(tool, tools)
      .map((c) => cliCaseOf(tool, c))
      .filter((c): c is CliCase => c !== undefined && (c.expect.exit === 2 || refusedLocally(tool, c.qa)));

  it.each(tools.map((tool) => [tool.id, tool] as const))('%s', async (_id, tool) => {
    const cases = local(tool);
    // Every tool has at least its no-file case.
    expect(cases.length).toBeGreaterThan(0);
    const where = mkdtempSync(join(folder, `${tool.id}-`));
    for (const c of cases) {
      const dir = join(where, c.qa.id.replace(/[^\w.=-]/g, '_'));
      for (const file of c.files) {
        mkdirSync(dirname(join(dir, file.path)), { recursive: true });
        writeFileSync(join(dir, file.path), 'stand-in: nothing is sent');
      }
      const run = memoryIo(dir);
      const code = await runCli([tool.id, ...c.args, '--server', address], run.io);
      expect({ case: c.qa.id, code, stderr: run.stderr().includes(c.expect.message!) ? 'has the message' : run.stderr() }).toEqual({
        case: c.qa.id,
        code: c.expect.exit,
        stderr: 'has the message',
      });
    }
    expect(heard).toBe(0);
  });
});
