import { describe, expect, it } from '@jest/globals';
import {
  adjustPageSizeTool,
  detectSplitScannedTool,
  emailToPdfTool,
  extractPageTool,
  imageToPdfTool,
  mergeTool,
  pdfToImageTool,
  pdfToRtfTool,
  pdfToWordTool,
  removeTool,
  rotateTool,
  splitTool,
  type AnyTool,
} from '@folio/registry';
import { fileNameFromContentDisposition, isBatchRun, resultFileName } from './result-file-name';

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

/** What the server sends (server/src/tool-routing/content-disposition.ts): the reference's form-data header. */
const served = (encodedName: string) => `form-data; name="attachment"; filename="${encodedName}"`;

describe('fileNameFromContentDisposition', () => {
  it('reads the name from the API’s form-data header', () => {
    expect(fileNameFromContentDisposition(served('report_rotated.pdf'))).toBe('report_rotated.pdf');
  });

  it('URL-decodes the name the way the server encodes it (space as %20, UTF-8 bytes)', () => {
    expect(fileNameFromContentDisposition(served('my%20report.docx'))).toBe('my report.docx');
    expect(fileNameFromContentDisposition(served('r%C3%A9sum%C3%A9.pdf'))).toBe('résumé.pdf');
  });

  it('reads RFC 6266 filename* with a UTF-8 charset', () => {
    expect(fileNameFromContentDisposition("attachment; filename*=UTF-8''%E6%96%87%E4%BB%B6.pdf")).toBe('文件.pdf');
    expect(fileNameFromContentDisposition("attachment; filename*=utf-8'en'na%C3%AFve%20notes.txt")).toBe('naïve notes.txt');
  });

  it('prefers filename* to filename when both are given, in either order', () => {
    expect(fileNameFromContentDisposition(`attachment; filename="fallback.pdf"; filename*=UTF-8''%C3%BCber.pdf`)).toBe('über.pdf');
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%C3%BCber.pdf; filename="fallback.pdf"`)).toBe('über.pdf');
  });

  it('takes an unquoted name up to the next parameter', () => {
    expect(fileNameFromContentDisposition('attachment; filename=plain.csv; size=12')).toBe('plain.csv');
  });

  it('keeps a name that is not valid percent-encoding as it came', () => {
    expect(fileNameFromContentDisposition(served('100%.pdf'))).toBe('100%.pdf');
  });

  it('gives undefined when there is no header or no name in it', () => {
    expect(fileNameFromContentDisposition(null)).toBeUndefined();
    expect(fileNameFromContentDisposition('')).toBeUndefined();
    expect(fileNameFromContentDisposition('attachment')).toBeUndefined();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeUndefined();
  });
});

describe('isBatchRun', () => {
  it('is true for several files through a one-document tool', () => {
    expect(isBatchRun(rotateTool, 2)).toBe(true);
    expect(isBatchRun(splitTool, 3)).toBe(true);
  });

  it('is false for one file, and for a combining tool whatever the count', () => {
    expect(isBatchRun(rotateTool, 1)).toBe(false);
    expect(isBatchRun(mergeTool, 5)).toBe(false);
    expect(isBatchRun(imageToPdfTool, 5)).toBe(false);
  });
});

describe('resultFileName', () => {
  describe('browser name templates (spec §7 download names)', () => {
    it('uses fixed names as declared', () => {
      expect(resultFileName(rotateTool, [pdf('report.pdf')], null)).toBe('rotated.pdf');
      expect(resultFileName(removeTool, [pdf('report.pdf')], null)).toBe('pages_removed.pdf');
      expect(resultFileName(imageToPdfTool, [new File(['x'], 'photo.jpg')], null)).toBe('converted.pdf');
    });

    it('replaces the upload’s extension with the tool’s suffix', () => {
      expect(resultFileName(adjustPageSizeTool, [pdf('report.pdf')], null)).toBe('report_adjusted.pdf');
      expect(resultFileName(extractPageTool, [pdf('annual.report.pdf')], null)).toBe('annual.report_extracted.pdf');
    });

    it('swaps the extension for a converter (Email to PDF: mail.eml → mail.pdf)', () => {
      expect(resultFileName(emailToPdfTool, [new File(['x'], 'mail.eml')], null)).toBe('mail.pdf');
    });

    it('takes the name from the result variant the options chose (Email to PDF’s HTML intermediate)', () => {
      expect(resultFileName(emailToPdfTool, [new File(['x'], 'mail.eml')], served('mail.eml.html'), { downloadHtml: true })).toBe('mail.html');
      expect(resultFileName(emailToPdfTool, [new File(['x'], 'mail.eml')], served('mail.eml.pdf'), { downloadHtml: false })).toBe('mail.pdf');
    });

    it('ignores the name the server sent', () => {
      expect(resultFileName(rotateTool, [pdf('report.pdf')], served('report_rotated.pdf'))).toBe('rotated.pdf');
    });
  });

  describe("'from-response'", () => {
    /** PDF to Word with a fixed fallback: the registry's own names depend on the chosen format, which this function does not see. */
    const namedByServer = (fallback: string | undefined): AnyTool => ({
      ...pdfToWordTool,
      download: { api: '{base}.docx', browser: 'from-response', fallback },
    });

    it('takes the served name (PDF to Word: the original name with the chosen extension)', () => {
      expect(pdfToWordTool.download.browser).toBe('from-response');
      expect(resultFileName(pdfToWordTool, [pdf('report.pdf')], served('report.odt'))).toBe('report.odt');
      expect(resultFileName(pdfToWordTool, [pdf('report.pdf')], "attachment; filename*=UTF-8''%E6%8A%A5%E5%91%8A.doc")).toBe('报告.doc');
    });

    it('falls back to the declared fallback when the server names nothing', () => {
      expect(resultFileName(namedByServer('converted.docx'), [pdf('report.pdf')], null)).toBe('converted.docx');
      expect(resultFileName(namedByServer('converted.docx'), [pdf('report.pdf')], 'attachment')).toBe('converted.docx');
    });

    it('fills the fallback from the chosen options (PDF to Word: converted.<format>)', () => {
      expect(resultFileName(pdfToWordTool, [pdf('report.pdf')], null, { outputFormat: 'odt' })).toBe('converted.odt');
      expect(resultFileName(pdfToRtfTool, [pdf('report.pdf')], null, { outputFormat: 'rtf' })).toBe('converted.rtf');
    });

    it("falls back to 'download' when nothing is declared either", () => {
      expect(resultFileName(namedByServer(undefined), [pdf('report.pdf')], null)).toBe('download');
    });
  });

  describe('batches', () => {
    it('names the ZIP of several results after the declared name', () => {
      expect(resultFileName(rotateTool, [pdf('a.pdf'), pdf('b.pdf')], null)).toBe('rotated.zip');
      expect(resultFileName(splitTool, [pdf('a.pdf'), pdf('b.pdf')], null)).toBe('split.zip');
      expect(resultFileName(pdfToImageTool, [pdf('a.pdf'), pdf('b.pdf')], served('a_convertedToImages.zip'))).toBe('a_convertedToImages.zip');
    });

    it('names a single file that came back instead of the declared ZIP by its type (one scanned photo → album_scans.png)', () => {
      expect(resultFileName(detectSplitScannedTool, [new File(['x'], 'album.pdf')], served('album.png'), {}, 'image/png')).toBe('album_scans.png');
      expect(resultFileName(detectSplitScannedTool, [new File(['x'], 'album.pdf')], null, {}, 'application/octet-stream')).toBe('album_scans.zip');
      expect(resultFileName(rotateTool, [pdf('a.pdf')], null, {}, 'image/png')).toBe('rotated.pdf');
    });

    it('keeps one document for a combining tool (Merge → merged.pdf)', () => {
      expect(resultFileName(mergeTool, [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')], null)).toBe('merged.pdf');
    });
  });
});
