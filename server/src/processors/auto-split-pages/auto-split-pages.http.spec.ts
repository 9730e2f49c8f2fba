import AdmZip from 'adm-zip';
import { autoSplitPagesTool } from '@folio/registry';
import { POOR_SCAN, qrPage, scanOf, textPages, zbarTexts } from '../../../test/support/divider-pdfs';
import { postTool } from '../../../test/support/http';
import { flatOdt, officeFixture } from '../../../test/support/office-fixtures';
import { CORRUPT_PDF, encryptPdf, isEncrypted, pageCount, pageTexts } from '../../../test/support/pdfs';
import { joinPdfs } from '../../../test/support/scanned-pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

const STIRLING_TOOLS = 'https://github.com/Stirling-Tools/Stirling-PDF';
const FROOODLE = 'https://github.com/Frooodle/Stirling-PDF';
const STIRLING_COM = 'https://stirlingpdf.com';
const FOLIO = 'FOLIO-AUTO-SPLIT-DIVIDER';

describe('Auto Split PDF (/api/v1/misc/auto-split-pdf)', () => {
  const server = useTestServer();

  const split = async (pdf: Buffer, fields: Record<string, string | boolean> = {}, name = 'stack.pdf') => {
    const res = await postTool(server, autoSplitPagesTool.endpoint, [{ name, content: pdf }], fields);
    const entries = res.status === 200 ? new AdmZip(res.body).getEntries() : [];
    const parts = entries.map((entry) => entry.getData());
    return { res, names: entries.map((entry) => entry.entryName), parts, texts: parts.map((part) => pageTexts(part)) };
  };

  it('splits at a divider carrying each of the reference’s three addresses and Folio’s own, leaving the dividers out', async () => {
    const dividers = await Promise.all([STIRLING_TOOLS, FROOODLE, STIRLING_COM, FOLIO].map((text) => qrPage(text, { caption: 'Divider sheet' })));
    // The fixtures hold what they claim: zbar (not the tool's reader) reads each code.
    expect(dividers.map((pdf) => zbarTexts(pdf)[0])).toEqual([STIRLING_TOOLS, FROOODLE, STIRLING_COM, FOLIO]);
    const pdf = joinPdfs([
      await textPages(['Letter A page 1', 'Letter A page 2']),
      dividers[0],
      await textPages(['Letter B page 1']),
      dividers[1],
      await textPages(['Letter C page 1', 'Letter C page 2', 'Letter C page 3']),
      dividers[2],
      await textPages(['Letter D page 1']),
      dividers[3],
      await textPages(['Letter E page 1', 'Letter E page 2']),
    ]);

    const { res, names, parts, texts } = await split(pdf);

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.fileName).toBe('stack.zip');
    expect(names).toEqual(['stack_1.pdf', 'stack_2.pdf', 'stack_3.pdf', 'stack_4.pdf', 'stack_5.pdf']);
    expect(parts.map(pageCount)).toEqual([2, 1, 3, 1, 2]);
    expect(texts).toEqual([
      ['Letter A page 1', 'Letter A page 2'],
      ['Letter B page 1'],
      ['Letter C page 1', 'Letter C page 2', 'Letter C page 3'],
      ['Letter D page 1'],
      ['Letter E page 1', 'Letter E page 2'],
    ]);
  });

  it('finds dividers on poor scans: image-only pages at 150 DPI, turned 3°, low contrast, speckled', async () => {
    const scannedContent = await scanOf(await textPages(['Scanned letter B page 2']), POOR_SCAN);
    const pdf = joinPdfs([
      await textPages(['Letter A page 1']),
      await qrPage(FOLIO, { scan: POOR_SCAN }),
      await textPages(['Letter B page 1']),
      scannedContent,
      await qrPage(STIRLING_TOOLS, { scan: POOR_SCAN, side: 150 }),
      await textPages(['Letter C page 1']),
      await qrPage(STIRLING_COM, { scan: { ...POOR_SCAN, skewDegrees: -3, levels: [35, 75] } }),
      await textPages(['Letter D page 1']),
    ]);
    // The scanned pages hold no text at all: only the picture.
    expect(pageTexts(pdf)).toEqual(['Letter A page 1', '', 'Letter B page 1', '', '', 'Letter C page 1', '', 'Letter D page 1']);

    const { res, parts, texts } = await split(pdf);

    expect(res.status).toBe(200);
    expect(parts.map(pageCount)).toEqual([1, 2, 1, 1]);
    expect(texts).toEqual([['Letter A page 1'], ['Letter B page 1', ''], ['Letter C page 1'], ['Letter D page 1']]);
  });

  it('keeps a page whose QR code is no divider as content', async () => {
    const pdf = joinPdfs([
      await textPages(['Invoice page 1']),
      await qrPage('https://example.com/pay/invoice-42', { caption: 'Pay by QR code' }),
      // Close to a divider text is not a divider text.
      await qrPage(`${STIRLING_COM}/`, { caption: 'Almost a divider' }),
      await qrPage(FOLIO, { caption: 'Divider sheet' }),
      await textPages(['Receipt page 1']),
    ]);

    const { res, texts } = await split(pdf);

    expect(res.status).toBe(200);
    expect(texts).toEqual([['Invoice page 1', 'Pay by QR code', 'Almost a divider'], ['Receipt page 1']]);
  });

  describe('duplex mode', () => {
    const stack = async () =>
      joinPdfs([
        await textPages(['Letter A front', 'Letter A back']),
        await qrPage(FOLIO, { caption: 'Divider sheet' }),
        await textPages(['Back of the divider sheet', 'Letter B front', 'Letter B back']),
      ]);

    it('leaves out the page after each divider (its back) with duplexMode=true', async () => {
      const { res, texts } = await split(await stack(), { duplexMode: true });
      expect(res.status).toBe(200);
      expect(texts).toEqual([
        ['Letter A front', 'Letter A back'],
        ['Letter B front', 'Letter B back'],
      ]);
    });

    it('keeps that page without it', async () => {
      const { res, texts } = await split(await stack(), { duplexMode: false });
      expect(res.status).toBe(200);
      expect(texts).toEqual([
        ['Letter A front', 'Letter A back'],
        ['Back of the divider sheet', 'Letter B front', 'Letter B back'],
      ]);
    });
  });

  it('leaves out a divider that is the very first page (the reference keeps it: docs/compatibility.md)', async () => {
    const pdf = joinPdfs([
      await qrPage(STIRLING_COM, { caption: 'First divider' }),
      await textPages(['Letter A page 1', 'Letter A page 2']),
      await qrPage(STIRLING_COM, { caption: 'Second divider' }),
      await textPages(['Letter B page 1']),
    ]);

    const { res, names, texts } = await split(pdf);

    expect(res.status).toBe(200);
    expect(names).toEqual(['stack_1.pdf', 'stack_2.pdf']);
    expect(texts).toEqual([['Letter A page 1', 'Letter A page 2'], ['Letter B page 1']]);
    expect(res.headers['x-folio-outcome']).toBeUndefined();
  });

  it('answers the whole document as one part when it has no divider', async () => {
    const { res, names, texts } = await split(await textPages(['Only page 1', 'Only page 2']), {}, 'plain.pdf');
    expect(res.status).toBe(200);
    expect(names).toEqual(['plain_1.pdf']);
    expect(texts).toEqual([['Only page 1', 'Only page 2']]);
  });

  it('names the outcome of a LibreOffice document without dividers, for the page to say none was found', async () => {
    const report = await officeFixture(flatOdt(['Report page 1', 'Report page 2', 'Report page 3']), '.fodt', 'writer_pdf_Export', '.pdf');
    const { res, names, texts } = await split(report, {}, 'report.pdf');
    expect(res.status).toBe(200);
    expect(res.headers['x-folio-outcome']).toBe('no-dividers');
    // Still the reference's answer: one part, every page.
    expect(names).toEqual(['report_1.pdf']);
    expect(texts).toEqual([['Report page 1', 'Report page 2', 'Report page 3']]);
  });

  it('splits a PDF protected by an owner password only, as the reference’s loader opens it, into parts without encryption', async () => {
    const pdf = joinPdfs([await textPages(['Letter A page 1']), await qrPage(FOLIO, { caption: 'Divider sheet' }), await textPages(['Letter B page 1'])]);
    const { res, parts, texts } = await split(encryptPdf(pdf, ''));
    expect(res.status).toBe(200);
    expect(texts).toEqual([['Letter A page 1'], ['Letter B page 1']]);
    expect(parts.map(isEncrypted)).toEqual([false, false]);
  });

  describe('refuses with 400', () => {
    it('a document whose every page is a divider', async () => {
      const divider = await qrPage(FOLIO, { caption: 'Divider sheet' });
      const { res } = await split(joinPdfs([divider, divider, divider]));
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('Every page of "stack.pdf" is a divider: no document is left to split out.');
    });

    it('a duplex document of dividers and their backs only', async () => {
      const pdf = joinPdfs([await qrPage(FOLIO, { caption: 'Divider sheet' }), await textPages(['Back of the divider sheet'])]);
      const { res } = await split(pdf, { duplexMode: true });
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('Every page of "stack.pdf" is a divider or the back of one: no document is left to split out.');
    });

    it('a file that is not a PDF', async () => {
      const res = await postTool(server, autoSplitPagesTool.endpoint, [
        { name: 'notes.txt', content: Buffer.from('just some text\n'), contentType: 'text/plain' },
      ]);
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('Please upload a PDF file.');
    });

    it('a damaged PDF', async () => {
      const { res } = await split(CORRUPT_PDF);
      expect(res.status).toBe(400);
      expect(res.json.errorCode).toBe('E001');
    });

    it('a PDF that needs a password', async () => {
      const { res } = await split(encryptPdf(await textPages(['Secret page']), 'user-secret'));
      expect(res.status).toBe(400);
      expect(res.json.detail).toBe('The PDF Document is passworded and either the password was not provided or was incorrect');
    });

    it('a duplexMode that is no boolean', async () => {
      const { res } = await split(await textPages(['Page 1']), { duplexMode: 'sometimes' });
      expect(res.status).toBe(400);
    });
  });
});
