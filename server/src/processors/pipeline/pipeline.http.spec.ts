import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { PIPELINE_EXAMPLES, pipelineTool, tools, type PipelineDefinition } from '@folio/registry';
import { postTool, type ToolResponse, type Upload } from '../../../test/support/http';
import { encryptPdf, isEncrypted, makePdf, pageCount, pageRotations, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { scannedPdf } from '../../../test/support/scanned-pdfs';
import { activeContentPdf, EVERYTHING, present } from '../../../test/support/active-content-pdfs';
import { leftoversAfterCleanup, useTestServer } from '../../../test/support/test-server';

// OCR, compression and PDF/A in one request: tens of seconds on a shared machine.
jest.setTimeout(240_000);

const pdfUpload = (name: string, content: Buffer): Upload => ({ name, content });

/** Lower-case words of a text, for comparisons that OCR's spacing and case cannot upset. */
const words = (text: string) => text.toLowerCase().split(/\W+/).filter(Boolean);

/** The entries of a ZIP, read with yauzl: name → bytes. */
function zipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, archive) => {
      if (error || !archive) return reject(error);
      const entries = new Map<string, Buffer>();
      archive.on('entry', (entry: yauzl.Entry) => {
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            archive.readEntry();
          });
        });
      });
      archive.on('end', () => resolve(entries));
      archive.on('error', reject);
      archive.readEntry();
    });
  });
}

/** The PDF/A part Poppler and qpdf see declared in the document's XMP, if any. */
function pdfaPart(pdf: Buffer): string | undefined {
  return withTempDir((dir) => {
    const path = join(dir, 'x.pdf');
    writeFileSync(path, pdf);
    const xmp = execFileSync('pdfinfo', ['-meta', path], { encoding: 'utf8' });
    return /pdfaid:part\s*=\s*['"](\d)['"]|<pdfaid:part>(\d)</.exec(xmp)?.slice(1).find(Boolean);
  });
}

describe('Pipeline (/api/v1/pipeline/handleData)', () => {
  const server = useTestServer();
  const run = (files: Upload[], definition: PipelineDefinition | string, fields: Record<string, string> = {}): Promise<ToolResponse> =>
    postTool(server, pipelineTool.endpoint, files, { json: typeof definition === 'string' ? definition : JSON.stringify(definition), ...fields });
  const example = (name: string) => PIPELINE_EXAMPLES.find((e) => e.name === name)!;

  describe('the ready-made examples, on real files', () => {
    it('"Prepare for e-mail": JavaScript and attachments gone, links kept, no larger, page and text kept', async () => {
      const input = activeContentPdf();
      expect(present(input)).toEqual(EVERYTHING);
      const res = await run([pdfUpload('report.pdf', input)], example('Prepare for e-mail'));
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.fileName).toBe('report.pdf');
      expect(pageCount(res.body)).toBe(1);
      expect(pageTexts(res.body)[0]).toContain('Quarterly report');
      expect(present(res.body)).toMatchObject({ javaScript: false, embeddedFiles: false, externalLinks: true });
      expect(res.body.length).toBeLessThanOrEqual(input.length);
    });

    it('"Make scans searchable": the scanned words become text, each page numbered', async () => {
      const scan = await scannedPdf([['Elephant marmalade xylophone'], ['Quantum lighthouse harbour']]);
      expect(pageTexts(scan).join('').trim()).toBe('');
      const res = await run([pdfUpload('scan.pdf', scan)], example('Make scans searchable'));
      expect(res.status).toBe(200);
      expect(res.fileName).toBe('scan.pdf');
      const texts = pageTexts(res.body);
      expect(texts).toHaveLength(2);
      expect(words(texts[0])).toEqual(expect.arrayContaining(['elephant', 'marmalade', 'xylophone', 'page', '1', 'of', '2']));
      expect(words(texts[1])).toEqual(expect.arrayContaining(['quantum', 'lighthouse', 'harbour', 'page', '2', 'of', '2']));
    });

    it('"Archive-ready": a PDF/A-2 file, not encrypted, from an owner-protected upload', async () => {
      const protectedPdf = encryptPdf(await makePdf(2, { label: 'Archive' }), '');
      expect(isEncrypted(protectedPdf)).toBe(true);
      const res = await run([pdfUpload('records.pdf', protectedPdf)], example('Archive-ready'));
      expect(res.status).toBe(200);
      expect(res.fileName).toBe('records.pdf');
      expect(pdfaPart(res.body)).toBe('2');
      expect(isEncrypted(res.body)).toBe(false);
      expect(pageTexts(res.body)).toEqual(['Archive page 1', 'Archive page 2'].map((t) => expect.stringContaining(t)));
    });
  });

  it('runs one-file steps per file and hands several results back as output.zip, each under its own name', async () => {
    const res = await run([pdfUpload('my_doc.pdf', await makePdf(2, { label: 'A' })), pdfUpload('b.pdf', await makePdf(1, { label: 'B' }))], {
      name: 'Turn',
      pipeline: [{ operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } }],
    });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('output.zip');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    const entries = await zipEntries(res.body);
    // The reference would have cut my_doc.pdf to my.pdf.
    expect([...entries.keys()].sort()).toEqual(['b.pdf', 'my_doc.pdf']);
    expect(await pageRotations(entries.get('my_doc.pdf')!)).toEqual([90, 90]);
    expect(await pageRotations(entries.get('b.pdf')!)).toEqual([90]);
  });

  it('mixes single- and multi-input steps: a split ZIP is unpacked into files, merged back into one, then numbered', async () => {
    // Split refuses a point past a file's last page (as Remove Pages does): every file here has a page 2.
    const res = await run([pdfUpload('book.pdf', await makePdf(4, { label: 'Book' })), pdfUpload('extra.pdf', await makePdf(3, { label: 'Extra' }))], {
      name: 'Split and join',
      pipeline: [
        { operation: '/api/v1/general/split-pages', parameters: { pageNumbers: '2' } },
        { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 180 } },
        { operation: '/api/v1/general/merge-pdfs', parameters: {} },
        { operation: '/api/v1/misc/add-page-numbers', parameters: { customText: 'No. {n}' } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(pageCount(res.body)).toBe(7);
    expect(await pageRotations(res.body)).toEqual([180, 180, 180, 180, 180, 180, 180]);
    const texts = pageTexts(res.body);
    expect(texts.map((t) => /(?:Book|Extra) page \d/.exec(t)?.[0])).toEqual([
      'Book page 1',
      'Book page 2',
      'Book page 3',
      'Book page 4',
      'Extra page 1',
      'Extra page 2',
      'Extra page 3',
    ]);
    texts.forEach((text, i) => expect(text).toContain(`No. ${i + 1}`));
  });

  it('gives Overlay all files: the first it takes is the base, the others its overlays', async () => {
    const res = await run([pdfUpload('base.pdf', await makePdf(2, { label: 'Base' })), pdfUpload('stamp.pdf', await makePdf(1, { label: 'Stamp' }))], {
      name: 'Overlay',
      pipeline: [{ operation: '/api/v1/general/overlay-pdfs', parameters: { overlayMode: 'SequentialOverlay' } }],
    });
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('base.pdf');
    expect(pageCount(res.body)).toBe(2);
    // Both drew their text at one spot: the words interleave.
    const [first, second] = pageTexts(res.body).map(words);
    expect(first).toEqual(expect.arrayContaining(['base', 'stamp']));
    expect(second).toEqual(expect.arrayContaining(['base', 'stamp']));
    expect(pageTexts(await makePdf(2, { label: 'Base' })).map(words)[0]).not.toContain('stamp');
  });

  it("takes the spec page's customFiles, and passes over its configFiles", async () => {
    const definition = { name: 'Turn', pipeline: [{ operation: '/api/v1/general/rotate-pdf', parameters: { angle: 270 } }] };
    const res = await postTool(
      server,
      pipelineTool.endpoint,
      [
        { name: 'a.pdf', field: 'customFiles', content: await makePdf(1) },
        { name: 'other.json', field: 'configFiles', content: Buffer.from('{"name":"unused","pipeline":[]}'), contentType: 'application/json' },
      ],
      { json: JSON.stringify(definition) },
    );
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('a.pdf');
    expect(await pageRotations(res.body)).toEqual([270]);
  });

  it('an empty pipeline hands the files back unchanged', async () => {
    const input = await makePdf(1);
    const res = await run([pdfUpload('same.pdf', input)], { name: 'Nothing', pipeline: [] });
    expect(res.status).toBe(200);
    expect(res.body.equals(input)).toBe(true);
  });

  describe('checked before anything runs: a 400 naming the step, the field and the message', () => {
    const pdf = () => makePdf(1);
    it.each([
      [
        'an unknown operation',
        [{ operation: '/api/v1/misc/nothing-here', parameters: {} }],
        'Step 1 (/api/v1/misc/nothing-here): There is no operation /api/v1/misc/nothing-here.',
      ],
      [
        'options the tool refuses',
        [
          { operation: '/api/v1/misc/repair', parameters: {} },
          { operation: '/api/v1/misc/compress-pdf', parameters: { optimizeLevel: 12 } },
        ],
        'Step 2 (/api/v1/misc/compress-pdf), optimizeLevel: Compression level must be a whole number from 1 to 9.',
      ],
      [
        'a required option left out',
        [{ operation: '/api/v1/general/remove-pages', parameters: {} }],
        `Step 1 (/api/v1/general/remove-pages), pageNumbers: ${String((tools.find((t) => t.id === 'remove')!.fields as Record<string, { required?: string }>).pageNumbers.required)}`,
      ],
      [
        'a step no file reaching it can satisfy',
        [
          { operation: '/api/v1/convert/pdf/word', parameters: { outputFormat: 'docx' } },
          { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
        ],
        'Step 2 (/api/v1/general/rotate-pdf): Rotate PDF takes PDF files, and none reaches this step (it gets .docx).',
      ],
      [
        'a tool that needs a file of its own',
        [{ operation: '/api/v1/misc/add-image', parameters: {} }],
        'Step 1 (/api/v1/misc/add-image): Add Image to PDF cannot be a pipeline step. It needs a file of its own (Image), which a pipeline step cannot be given.',
      ],
      [
        'parameters that are not an object',
        [{ operation: '/api/v1/misc/repair', parameters: [1] }],
        'Step 1 (/api/v1/misc/repair): "parameters" must be an object of option names and values.',
      ],
    ])('%s', async (_case, pipeline, detail) => {
      const res = await run([pdfUpload('a.pdf', await pdf())], JSON.stringify({ name: 'Bad', pipeline }));
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe(detail);
      expect(await leftoversAfterCleanup(server)).toEqual([]);
    });

    it('a definition that is not JSON, has no step list or no name', async () => {
      for (const [json, detail] of [
        ['{oops', 'The pipeline definition is not valid JSON.'],
        ['{"name":"x"}', 'The pipeline definition must be an object with a "pipeline" list of steps.'],
        ['{"name":" ","pipeline":[]}', 'Please enter a pipeline name.'],
      ]) {
        const res = await run([pdfUpload('a.pdf', await pdf())], json);
        expect(res.status).toBe(400);
        expect(res.json.detail).toBe(detail);
      }
    });

    it('no files, or no definition', async () => {
      const noFiles = await postTool(server, pipelineTool.endpoint, [], { json: '{"name":"x","pipeline":[]}' });
      expect(noFiles.status).toBe(400);
      expect(noFiles.json.detail).toBe('Please upload at least one file.');
      const noDefinition = await postTool(server, pipelineTool.endpoint, [pdfUpload('a.pdf', await pdf())]);
      expect(noDefinition.status).toBe(400);
      expect(noDefinition.json.detail).toBe('Please send a pipeline definition in the "json" field.');
    });
  });

  it("a step that fails on a file stops the run with that step's error, naming it, and leaves nothing behind", async () => {
    const locked = encryptPdf(await makePdf(2), 'user-secret');
    const res = await run([pdfUpload('locked.pdf', locked)], {
      name: 'Turn',
      pipeline: [
        { operation: '/api/v1/misc/add-page-numbers', parameters: {} },
        { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.json.errorCode).toBe('E004');
    expect(res.json.detail).toBe(
      'Step 1 (/api/v1/misc/add-page-numbers): The PDF Document is passworded and either the password was not provided or was incorrect',
    );
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });

  it('a run-time failure in a later step names that step', async () => {
    // One page: Remove Pages may not remove every page.
    const res = await run([pdfUpload('one.pdf', await makePdf(1))], {
      name: 'Empty',
      pipeline: [
        { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
        { operation: '/api/v1/general/remove-pages', parameters: { pageNumbers: '1' } },
      ],
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.json.detail).toMatch(/^Step 2 \(\/api\/v1\/general\/remove-pages\): /);
  });

  it('reports each step and file to a client that asked with ?progressId, as done or failed', async () => {
    const supertest = (await import('supertest')).default;
    const id = '0b7e8a52-4c1e-4c59-9a43-5d2f3a4b6c7d';
    const definition = {
      name: 'Two steps',
      pipeline: [
        { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
        { operation: '/api/v1/general/merge-pdfs', parameters: {} },
      ],
    };
    expect((await supertest(server.http).get(`/api/v1/progress/${id}`)).body).toEqual({ state: 'waiting', stages: [] });
    const res = await postTool(
      server,
      `${pipelineTool.endpoint}?progressId=${id}`,
      [pdfUpload('a.pdf', await makePdf(1)), pdfUpload('b.pdf', await makePdf(1))],
      {
        json: JSON.stringify(definition),
      },
    );
    expect(res.status).toBe(200);
    const progress = await supertest(server.http).get(`/api/v1/progress/${id}`);
    expect(progress.status).toBe(200);
    expect(progress.body).toEqual({
      state: 'done',
      stages: [
        {
          title: 'Rotate PDF',
          items: [
            { name: 'a.pdf', state: 'done' },
            { name: 'b.pdf', state: 'done' },
          ],
        },
        { title: 'Merge PDFs', items: [{ name: 'a.pdf + b.pdf', state: 'done' }] },
      ],
      current: { fraction: 1, stage: 'step 2 of 2: Merge PDFs' },
    });

    const failedId = '1c8f9b63-5d2f-4d6a-8b54-6e3f4b5c7d8e';
    const locked = encryptPdf(await makePdf(1), 'user-secret');
    await postTool(server, `${pipelineTool.endpoint}?progressId=${failedId}`, [pdfUpload('ok.pdf', await makePdf(1)), pdfUpload('locked.pdf', locked)], {
      json: JSON.stringify(definition),
    });
    const failed = await supertest(server.http).get(`/api/v1/progress/${failedId}`);
    expect(failed.body.state).toBe('failed');
    expect(failed.body.stages[0].items).toEqual([
      { name: 'ok.pdf', state: 'done' },
      { name: 'locked.pdf', state: 'failed' },
    ]);
    expect(failed.body.stages[1].items).toEqual([]);
    expect((await supertest(server.http).get('/api/v1/progress/not-an-id')).status).toBe(404);
  });

  it('publishes every tool as an operation with its options as JSON Schema, and says which cannot be steps', async () => {
    const res = await (await import('supertest')).default(server.http).get('/api/v1/pipeline/operations');
    expect(res.status).toBe(200);
    const operations = res.body as { operation: string; tool: string; unavailable?: string; parameters: { properties: Record<string, { title: string }> } }[];
    expect(operations.map((o) => o.tool).sort()).toEqual(tools.map((t) => t.id).sort());
    const compress = operations.find((o) => o.tool === 'compress')!;
    expect(compress.operation).toBe('/api/v1/misc/compress-pdf');
    expect(compress.parameters.properties.optimizeLevel).toMatchObject({ title: 'Compression level', enum: [1, 2, 3, 4, 5, 6, 7, 8, 9], default: 5 });
    expect(
      operations
        .filter((o) => o.unavailable)
        .map((o) => o.tool)
        .sort(),
    ).toEqual(['add-image', 'pipeline', 'sign-certificate']);
  });
});
