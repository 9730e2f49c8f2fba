import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acceptsAnything, defineTool, number, pages, select, tools, type FileTypeKey } from '@folio/registry';
import { deriveAllQaCases, deriveQaCases, describeUpload, routedTool, RUNNER_TEXTS, type QaCase } from './qa-cases';
import { limitsFromEnv, parseQaMatrixArgs, renderCsv, renderToolMarkdown, writeQaMatrix } from './qa-matrix';

const LIMITS = { maxFiles: 3, maxUploadBytes: 1024 * 1024 };

/** A made-up tool using every rule the derivation knows, so the test does not depend on which tools exist. */
const sample = defineTool({
  id: 'sample',
  category: 'organize',
  title: 'Sample',
  subtitle: 'A tool for tests.',
  endpoint: '/api/v1/general/sample',
  input: {
    accept: ['pdf'],
    multiple: true,
    minFiles: 2,
    messages: { missing: 'Please upload a PDF file.', wrongType: 'Please upload PDF files only.', tooFew: 'Two, please.' },
  },
  fields: {
    mode: select({
      label: 'Mode',
      options: [
        { value: 'ALL', label: 'All' },
        { value: 'RANGE', label: 'Range', aliases: ['range-of-pages'] },
      ],
      default: 'ALL',
      invalid: 'Pick a mode.',
    }),
    from: number({ label: 'From', integer: true, min: 1, visibleWhen: { mode: ['RANGE'] }, required: 'Say from where.', invalid: 'From: a page number.' }),
    to: number({ label: 'To', integer: true, min: 1, max: 99, visibleWhen: { mode: ['RANGE'] }, required: 'Say up to where.', invalid: 'To: 1 to 99.' }),
    scale: number({ label: 'Scale', greaterThan: 0, step: 0.5, default: 1, invalid: 'Scale above 0.' }),
    pageNumbers: pages({ label: 'Pages', required: 'Which pages?' }),
  },
  checks: [{ rule: 'notLess', field: 'to', than: 'from', message: 'To before from.' }],
  action: { label: 'Go', busyLabel: 'Going...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_sampled.pdf', browser: 'sampled.pdf' },
  toast: { success: 'Done!' },
});

describe('QA cases', () => {
  const cases = deriveQaCases(sample, [sample], LIMITS);
  const byId = (id: string) => {
    const found = cases.find((c) => c.id === id);
    if (!found) throw new Error(`no case "${id}" among ${cases.map((c) => c.id).join(', ')}`);
    return found;
  };

  it('accepts the defaults, with a valid value for each required field', () => {
    expect(byId('defaults')).toMatchObject({
      fields: { pageNumbers: '1' },
      upload: { kind: 'valid', type: 'pdf', count: 2, name: 'input.pdf' },
      expect: { status: 200, contentType: 'application/pdf', fileName: 'input_sampled.pdf' },
    });
  });

  it('tries every option and alias, the other case, and a non-option', () => {
    expect(byId('mode=RANGE').fields).toEqual({ mode: 'RANGE', from: '1', to: '1', pageNumbers: '1' });
    expect(byId('mode=range-of-pages').expect.status).toBe(200);
    expect(byId('mode=all').expect).toMatchObject({ status: 400, message: 'Pick a mode.', fieldError: 'mode: Pick a mode.' });
    expect(byId('mode=not-an-option').expect.message).toBe('Pick a mode.');
  });

  it('tries numbers at, below and above their bounds, with the condition that shows them', () => {
    expect(byId('to=max')).toMatchObject({ fields: { mode: 'RANGE', to: '99', from: '1' }, condition: 'mode = RANGE', run: 'schema' });
    expect(byId('to>max')).toMatchObject({ fields: { to: '100' }, expect: { status: 400, message: 'To: 1 to 99.' } });
    expect(byId('from<min').fields.from).toBe('0');
    expect(byId('from=fraction').fields.from).toBe('1.5');
    expect(byId('scale=bound')).toMatchObject({ fields: { scale: '0' }, expect: { message: 'Scale above 0.' } });
    expect(byId('scale>bound').fields.scale).toBe('0.5');
  });

  it('leaves out each required field while it is shown, and breaks each cross-field rule', () => {
    expect(byId('from-missing')).toMatchObject({ fields: { mode: 'RANGE', to: '1' }, expect: { message: 'Say from where.' } });
    expect(byId('from-missing').fields).not.toHaveProperty('from');
    expect(byId('pageNumbers-missing').fields).not.toHaveProperty('pageNumbers');
    expect(byId('to<from')).toMatchObject({ fields: { to: '1', from: '2' }, expect: { message: 'To before from.', fieldError: 'to: To before from.' } });
    expect(byId('from-hidden')).toMatchObject({ fields: { mode: 'ALL', from: 'abc' }, expect: { status: 200 } });
  });

  it('tries each bad upload with the runner’s texts', () => {
    expect(byId('no-file').expect).toMatchObject({ status: 400, type: '/errors/missing-file', message: 'Please upload a PDF file.' });
    expect(byId('too-few-files')).toMatchObject({ upload: { count: 1 }, expect: { message: 'Two, please.' } });
    expect(byId('too-many-files')).toMatchObject({ upload: { count: 4 }, expect: { message: RUNNER_TEXTS.tooManyFiles(3) } });
    expect(byId('password-pdf').expect).toMatchObject({ errorCode: 'E004', message: RUNNER_TEXTS.pdfPassword });
    expect(byId('too-large').expect).toMatchObject({ status: 413, message: 'Each file may be at most 1 MB.' });
  });

  it('sends tools that take other files a sample of their own type, and a wrong type none of theirs matches', () => {
    const taking = (accept: FileTypeKey[]) => deriveQaCases(defineTool({ ...sample, input: { ...sample.input, accept } }), [], LIMITS);
    const pick = (cases: QaCase[], id: string) => cases.find((c) => c.id === id)!;

    const images = taking(['jpeg', 'png', 'gif']);
    expect(pick(images, 'defaults')).toMatchObject({ upload: { kind: 'valid', type: 'jpeg', name: 'input.jpg' }, expect: { fileName: 'input_sampled.pdf' } });
    expect(pick(images, 'wrong-type').upload).toMatchObject({ type: 'pdf', name: 'document.pdf' });
    expect(pick(images, 'empty-file').expect.message).toBe(RUNNER_TEXTS.emptyFile('input.jpg'));
    expect(images.map((c) => c.id)).not.toContain('corrupt-pdf');

    const email = taking(['eml', 'msg']);
    expect(pick(email, 'defaults').upload).toMatchObject({ type: 'eml', name: 'input.eml' });
    expect(pick(email, 'wrong-type').upload).toMatchObject({ type: 'png', name: 'picture.eml' });

    // Known by name alone: a PNG under an extension the list lacks.
    const office = taking(['convertible']);
    expect(pick(office, 'defaults').upload).toMatchObject({ type: 'convertible', name: 'input.txt' });
    expect(pick(office, 'wrong-type').upload).toMatchObject({ type: 'png', name: 'picture.bin' });

    expect(pick(taking(['pdf']), 'wrong-type').upload).toMatchObject({ type: 'png', name: 'picture.pdf' });
    expect(pick(taking(['pdf', 'png', 'jpeg']), 'wrong-type').upload).toMatchObject({ type: 'zip', name: 'archive.zip' });
    expect(describeUpload(pick(images, 'defaults').upload)).toBe('2 × small JPEG image (input.jpg)');
  });

  it('sends a tool that shares an endpoint one of its own fields, and its owner none of them', () => {
    const borrower = defineTool({ ...sample, id: 'borrower', sharesEndpoint: { whenAnyField: ['mode'] } });
    const owner = defineTool({ ...sample, id: 'owner', fields: { pageNumbers: sample.fields.pageNumbers }, checks: [] });
    for (const c of deriveQaCases(borrower, [owner, borrower], LIMITS)) expect(routedTool([owner, borrower], c.fields).id).toBe('borrower');
    for (const c of deriveQaCases(owner, [owner, borrower], LIMITS)) expect(c.fields).not.toHaveProperty('mode');
  });

  it('expects a tool that refuses the samples to refuse every case it would otherwise accept, saying why, and only those', () => {
    const refusing = tools.find((t) => t.id === 'split-chapters')!;
    const cases = deriveQaCases(refusing, tools, LIMITS);
    const refused = {
      status: 400,
      type: '/errors/invalid-argument',
      message: 'No PDF bookmarks/outline found in document',
      refusedBecause: 'the sample has no bookmarks',
    };
    expect(cases.find((c) => c.id === 'defaults')!.expect).toEqual(refused);
    expect(cases.find((c) => c.id === 'includeMetadata=true')!.expect).toEqual(refused);
    expect(cases.find((c) => c.id === 'bookmarkLevel=abc')!.expect).toMatchObject({
      status: 400,
      fieldError: 'bookmarkLevel: Bookmark level must be 0 or greater.',
    });
    expect(cases.some((c) => c.expect.status === 200)).toBe(false);
    expect(renderToolMarkdown(refusing, cases, LIMITS)).toContain('| 400 | No PDF bookmarks/outline found in document (the sample has no bookmarks) |');
  });

  it('derives cases for every registered tool, with unique ids', () => {
    const all = deriveAllQaCases(tools, LIMITS);
    for (const tool of tools) {
      const ids = all.filter((c) => c.toolId === tool.id).map((c) => c.id);
      expect(ids).toEqual(expect.arrayContaining(['defaults', 'defaults-sent', 'no-file', 'empty-file', 'too-large']));
      // A tool that takes any file (Pipeline) has no wrong type to send.
      if (acceptsAnything(tool.input.accept)) expect(ids).not.toContain('wrong-type');
      else expect(ids).toContain('wrong-type');
      if (tool.input.accept.includes('pdf')) expect(ids).toEqual(expect.arrayContaining(['corrupt-pdf', 'password-pdf']));
      else expect(ids).not.toEqual(expect.arrayContaining(['corrupt-pdf']));
      expect(new Set(ids).size).toBe(ids.length);
    }
  });
});

describe('npm run qa-matrix', () => {
  let out: string;
  beforeEach(() => (out = mkdtempSync(join(tmpdir(), 'folio-qa-'))));
  afterEach(() => rmSync(out, { recursive: true, force: true }));

  it('writes one Markdown table per tool and one CSV, replacing stale tables', () => {
    writeFileSync(join(out, 'removed-tool.md'), 'old');
    writeQaMatrix({ ids: [], outDir: out, limits: LIMITS, tools: [sample] });
    expect(readdirSync(out).sort()).toEqual(['qa-matrix.csv', 'sample.md']);
    const table = readFileSync(join(out, 'sample.md'), 'utf8');
    expect(table).toContain('# Sample (`sample`)');
    expect(table).toContain(
      '| From just below its minimum (0) | mode = RANGE | mode=RANGE, from=0, to=1, pageNumbers=1 | 2 × 4-page PDF (input.pdf) | 400 | From: a page number. | http |',
    );
    const csv = readFileSync(join(out, 'qa-matrix.csv'), 'utf8').split('\r\n');
    expect(csv[0]).toBe('tool,endpoint,case,group,title,condition,fields,files,file_kind,file_count,status,type,error_code,message,content_type,file_name,run');
    expect(csv.length - 2).toBe(deriveQaCases(sample, [sample], LIMITS).length);
  });

  it('states every answer a tool declares: variants by options, outcomes by content, 204, response headers', () => {
    const tableOf = (id: string) => {
      const tool = tools.find((t) => t.id === id)!;
      return renderToolMarkdown(tool, deriveQaCases(tool, tools, LIMITS), LIMITS);
    };
    expect(tableOf('pdf-to-html')).toContain('- Success: application/octet-stream, API name `{base}ToHtml.zip`');
    expect(tableOf('pdf-to-html')).toContain('  - when `singleFile` is true: text/html; charset=utf-8, API name `{base}.html`');
    expect(tableOf('pdf-to-image')).toContain('  - when `pageResultType` is single and `imageFormat` is jpg: image/jpeg, API name `{base}.jpg`');
    expect(tableOf('pdf-to-csv')).toContain(
      '  - when several tables are found (one CSV each, named by page and position): application/octet-stream, API name `{base}_extracted.zip`',
    );
    expect(tableOf('pdf-to-csv')).toContain('  - 204 No Content when no table on the chosen pages');
    expect(tableOf('pdf-to-pdfa')).toContain('API name `{base}_PDFA-1b.pdf`');
    expect(tableOf('detect-split-scanned')).toContain('  - when one photo is found: image/png, API name `{base}.png`');
    expect(tableOf('pipeline')).toContain('- Success: application/octet-stream, named from the document, else `output.zip`');
    expect(tableOf('auto-rename')).toContain('- Success: application/pdf, named from the document, else `{name}`');
    expect(tableOf('compress')).toContain('  - header `X-Compression-Outcome`: ');
    expect(tableOf('auto-redact')).toContain('  - header `X-Redaction-Dropped-Files`: ');
  });

  it('writes only the named tools, and names the known ones when an id is wrong', () => {
    writeQaMatrix({ ids: ['rotate'], outDir: out, limits: LIMITS });
    expect(readdirSync(out).sort()).toEqual(['rotate.csv', 'rotate.md']);
    expect(() => writeQaMatrix({ ids: ['nope'], outDir: out, limits: LIMITS })).toThrow(/No tool "nope"\. Known tools: .*rotate/);
  });

  it('reads its arguments and the server limits it should assume', () => {
    expect(parseQaMatrixArgs(['rotate', '--out', 'x'])).toEqual({ ids: ['rotate'], outDir: join(process.cwd(), 'x') });
    expect(() => parseQaMatrixArgs(['--outdir'])).toThrow('Unknown option --outdir');
    expect(limitsFromEnv({ FOLIO_MAX_FILES: '7', FOLIO_MAX_UPLOAD_MB: '2' })).toEqual({ maxFiles: 7, maxUploadBytes: 2 * 1024 * 1024 });
    expect(limitsFromEnv({})).toEqual({ maxFiles: 50, maxUploadBytes: 100 * 1024 * 1024 });
  });

  it('quotes CSV values that need it', () => {
    const [c] = deriveQaCases(sample, [sample], LIMITS);
    const row = renderCsv([{ ...c, title: 'a "quoted", value' }]).split('\r\n')[1];
    expect(row).toContain('"a ""quoted"", value"');
  });
});
