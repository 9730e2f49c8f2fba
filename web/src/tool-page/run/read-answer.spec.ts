import { describe, expect, it } from '@jest/globals';
import { emailToPdfTool, mergeTool, pdfToCsvTool, pdfToHtmlTool, pdfToImageTool, pdfToRtfTool, pdfToWordTool, rotateTool, type AnyTool } from '@folio/registry';
import { failureOf, resultOf } from './read-answer';
import type { MultipartResponse } from './send-multipart';

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

/** The server's header (server/src/tool-routing/content-disposition.ts). */
const served = (encodedName: string) => `form-data; name="attachment"; filename="${encodedName}"`;

function answer(overrides: Partial<MultipartResponse> = {}): MultipartResponse {
  return { ok: true, status: 200, body: new Blob(['%PDF-1.7']), contentType: 'application/pdf', contentDisposition: null, ...overrides };
}

describe('failureOf', () => {
  it('accepts a 2xx answer of any type from a tool that lists none', () => {
    expect(failureOf(rotateTool, { ok: true, status: 200, contentType: 'application/pdf' })).toBeNull();
    expect(failureOf(pdfToWordTool, { ok: true, status: 200, contentType: 'application/octet-stream' })).toBeNull();
  });

  it('refuses a non-OK answer, naming the status', () => {
    expect(failureOf(rotateTool, { ok: false, status: 400, contentType: 'application/json' })).toBe('answered 400');
    expect(failureOf(rotateTool, { ok: false, status: 500, contentType: 'text/html' })).toBe('answered 500');
  });

  it('refuses 204, which has nothing to show (PDF to CSV without a table)', () => {
    expect(failureOf(pdfToCsvTool, { ok: true, status: 204, contentType: '' })).toBe('answered 204 with nothing to show');
  });

  it('refuses a content type the tool does not list (spec §5: PDF to CSV must answer text/csv)', () => {
    expect(failureOf(pdfToCsvTool, { ok: true, status: 200, contentType: 'text/csv; charset=utf-8' })).toBeNull();
    expect(failureOf(pdfToCsvTool, { ok: true, status: 200, contentType: 'TEXT/CSV' })).toBeNull();
    expect(failureOf(pdfToCsvTool, { ok: true, status: 200, contentType: 'text/html' })).toBe('answered "text/html", not one of text/csv');
  });

  it('takes a ZIP, or one image, from PDF to Image and nothing else', () => {
    for (const type of ['application/zip', 'application/octet-stream', 'image/png']) {
      expect(failureOf(pdfToImageTool, { ok: true, status: 200, contentType: type })).toBeNull();
    }
    expect(failureOf(pdfToImageTool, { ok: true, status: 200, contentType: 'application/json' })).toBe(
      'answered "application/json", not one of application/zip, application/octet-stream, image/',
    );
  });
});

describe('resultOf: the answer as the page shows it', () => {
  const resultFor = (tool: AnyTool, files: File[], params: Record<string, unknown>, overrides: Partial<MultipartResponse>) =>
    resultOf(tool, files, params, answer(overrides));

  it('names a PDF by the declaration and previews it (Rotate)', () => {
    const response = answer({ contentDisposition: served('report_rotated.pdf') });
    expect(resultOf(rotateTool, [pdf('report.pdf')], { angle: 180 }, response)).toEqual({ body: response.body, fileName: 'rotated.pdf', kind: 'pdf' });
  });

  it('offers several files through a one-document tool as a ZIP', () => {
    expect(resultFor(rotateTool, [pdf('a.pdf'), pdf('b.pdf')], { angle: 90 }, { contentType: 'application/octet-stream' })).toMatchObject({
      fileName: 'rotated.zip',
      kind: 'zip',
    });
  });

  it('keeps a combining tool’s answer as one document (Merge)', () => {
    expect(resultFor(mergeTool, [pdf('a.pdf'), pdf('b.pdf')], { sortType: 'orderProvided' }, {})).toMatchObject({ fileName: 'merged.pdf', kind: 'pdf' });
  });

  it('never previews as a PDF what is not one', () => {
    expect(resultFor(rotateTool, [pdf('a.pdf')], { angle: 90 }, { contentType: 'application/octet-stream' })).toMatchObject({
      fileName: 'rotated.pdf',
      kind: 'download',
    });
  });

  // The pipeline answers a single file as application/octet-stream under its name (reference §7).
  it('previews bytes served under a .pdf name as a PDF', () => {
    const overrides = { contentType: 'application/octet-stream', contentDisposition: served('report_rotated.pdf') };
    expect(resultFor(rotateTool, [pdf('report.pdf')], { angle: 90 }, overrides)).toMatchObject({ kind: 'pdf' });
  });

  it('downloads bytes served under another name, even where a PDF was declared', () => {
    const overrides = { contentType: 'application/octet-stream', contentDisposition: served('report.docx') };
    expect(resultFor(rotateTool, [pdf('report.pdf')], { angle: 90 }, overrides)).toMatchObject({ kind: 'download' });
  });

  it('saves Email to PDF’s HTML intermediate as HTML, for download', () => {
    const overrides = { contentType: 'text/html; charset=utf-8', contentDisposition: served('mail.eml.html') };
    const params = { downloadHtml: true, includeAttachments: true, maxAttachmentSize: 10 };
    expect(resultFor(emailToPdfTool, [new File(['x'], 'mail.eml')], params, overrides)).toMatchObject({ fileName: 'mail.html', kind: 'download' });
  });

  it('takes the served name where the tool says so (PDF to Text/RTF)', () => {
    const overrides = { contentType: 'application/octet-stream', contentDisposition: served('report.rtf') };
    expect(resultFor(pdfToRtfTool, [pdf('report.pdf')], { outputFormat: 'rtf' }, overrides)).toMatchObject({ fileName: 'report.rtf', kind: 'download' });
  });

  it('opens HTML as HTML (PDF to HTML)', () => {
    expect(resultFor(pdfToHtmlTool, [pdf('report.pdf')], { singleFile: true }, { contentType: 'text/html; charset=utf-8' })).toMatchObject({
      fileName: 'report.html',
      kind: 'html',
    });
  });

  it('keeps the headers only when the answer had them', () => {
    expect(resultFor(rotateTool, [pdf('a.pdf')], { angle: 90 }, { headers: { 'x-a': '1' } }).headers).toEqual({ 'x-a': '1' });
    expect(resultFor(rotateTool, [pdf('a.pdf')], { angle: 90 }, {})).not.toHaveProperty('headers');
  });
});
