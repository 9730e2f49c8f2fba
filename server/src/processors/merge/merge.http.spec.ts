import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeTool } from '@folio/registry';
import { postTool, type Upload } from '../../../test/support/http';
import { bookmarkShape, officeReport, reportlabReport } from '../../../test/support/bookmarked-pdfs';
import { encryptPdf, isEncrypted, makePdf, outlineTitles, pageCount, pageTexts, withTempDir } from '../../../test/support/pdfs';
import { pdfsig, signedContract } from '../../../test/support/signed-pdfs';
import { useTestServer } from '../../../test/support/test-server';

describe('Merge PDFs (/api/v1/general/merge-pdfs)', () => {
  const server = useTestServer();
  let alpha: Upload;
  let beta: Upload;
  beforeAll(async () => {
    alpha = { name: 'alpha.pdf', content: await makePdf(2, { label: 'alpha', title: 'Zeta title', modified: new Date('2020-01-01') }) };
    beta = { name: 'Beta.pdf', content: await makePdf(3, { label: 'beta', title: 'Alpha title', modified: new Date('2024-01-01') }) };
  });

  const firstLines = (pdf: Buffer) => pageTexts(pdf);

  /** qpdf's list of the form's fields: name and type. */
  const formFields = (pdf: Buffer) =>
    withTempDir((dir) => {
      writeFileSync(join(dir, 'x.pdf'), pdf);
      const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=acroform', join(dir, 'x.pdf')], { encoding: 'utf8' }));
      return (json.acroform.fields as { fullname: string; fieldtype: string }[]).map((f) => `${f.fullname} ${f.fieldtype}`).sort();
    });

  it('with removeCertSign, drops the signatures (their look stays on the page) and keeps the other form fields', async () => {
    const signed = { name: 'contract.pdf', content: signedContract() };
    const kept = await postTool(server, mergeTool.endpoint, [signed, alpha], { removeCertSign: false });
    expect(formFields(kept.body)).toEqual(['Name /Tx', 'Signature1 /Sig', 'approvals.Approval /Sig']);

    const res = await postTool(server, mergeTool.endpoint, [signed, alpha], { removeCertSign: true });
    expect(res.status).toBe(200);
    expect(pdfsig(res.body)).toMatch(/does not contain any signatures/);
    expect(formFields(res.body)).toEqual(['Name /Tx']);
    expect(firstLines(res.body)[0]).toContain('Signed by Folio Test Signer');
    expect(pageCount(res.body)).toBe(3);
  });

  it('joins all pages in the order sent, named after the first file', async () => {
    const res = await postTool(server, mergeTool.endpoint, [beta, alpha], { sortType: 'orderProvided' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('Beta_merged_unsigned.pdf');
    expect(pageCount(res.body)).toBe(5);
    expect(firstLines(res.body)).toEqual(['beta page 1', 'beta page 2', 'beta page 3', 'alpha page 1', 'alpha page 2']);
    expect(outlineTitles(res.body)).toEqual([]);
  });

  it('adds one bookmark per file with generateToc', async () => {
    const res = await postTool(server, mergeTool.endpoint, [alpha, beta], { generateToc: true });
    expect(outlineTitles(res.body)).toEqual([
      { title: 'alpha', page: 1 },
      { title: 'Beta', page: 3 },
    ]);
  });

  it('keeps the inputs’ own bookmarks, shifted to their new pages', async () => {
    const withToc = await postTool(server, mergeTool.endpoint, [alpha, beta], { generateToc: true });
    const res = await postTool(server, mergeTool.endpoint, [beta, { name: 'both.pdf', content: withToc.body }]);
    expect(outlineTitles(res.body)).toEqual([
      { title: 'alpha', page: 4 },
      { title: 'Beta', page: 6 },
    ]);
  });

  describe('nested bookmarks of a LibreOffice report and a reportlab document', () => {
    let office: Upload;
    let reportlab: Upload;
    beforeAll(() => {
      office = { name: 'field.pdf', content: officeReport() };
      reportlab = { name: 'annual.pdf', content: reportlabReport() };
    }, 120_000);

    const reportlabShape = (first: number) => [
      [
        'Chapter 1',
        first,
        [
          ['Section 2', first + 1, []],
          ['Section 3', first + 2, []],
        ],
      ],
      [
        'Chapter 4',
        first + 3,
        [
          ['Section 5', first + 4, []],
          ['Section 6', first + 5, []],
          ['Section 7', first + 6, []],
        ],
      ],
      [
        'Chapter 8',
        first + 7,
        [
          ['Section 9', first + 8, []],
          ['Section 10', first + 9, []],
        ],
      ],
    ];
    const officeShape = (first: number) => [
      ['1 Intro', first, [['1.1 Scope', first + 1, []]]],
      [
        '2 Method',
        first + 2,
        [
          ['2.1 Sites', first + 3, []],
          ['2.2 Tools', first + 4, []],
        ],
      ],
      ['3 Results', first + 5, []],
    ];

    it('keeps each file’s outline nested as it was, moved to its pages', async () => {
      const res = await postTool(server, mergeTool.endpoint, [office, reportlab]);
      expect(res.status).toBe(200);
      expect(bookmarkShape(res.body)).toEqual([...officeShape(1), ...reportlabShape(7)]);
    });

    it('puts each file’s outline under the file’s own entry with generateToc', async () => {
      const res = await postTool(server, mergeTool.endpoint, [reportlab, office], { generateToc: true });
      expect(bookmarkShape(res.body)).toEqual([
        ['annual', 1, reportlabShape(1)],
        ['field', 11, officeShape(11)],
      ]);
    });
  });

  it.each([
    ['byFileName', ['alpha page 1', 'beta page 1']],
    ['byPDFTitle', ['beta page 1', 'alpha page 1']],
    ['byDateModified', ['beta page 1', 'alpha page 1']],
  ])('sorts with sortType=%s', async (sortType, expectedFirstPages) => {
    const res = await postTool(server, mergeTool.endpoint, [beta, alpha], { sortType });
    const texts = firstLines(res.body);
    expect([texts[0], texts.find((t) => t.endsWith('page 1') && t !== texts[0])]).toEqual(expectedFirstPages);
  });

  it('follows fileOrder over sortType', async () => {
    const res = await postTool(server, mergeTool.endpoint, [alpha, beta], { sortType: 'byFileName', fileOrder: 'Beta.pdf\nalpha.pdf' });
    expect(firstLines(res.body)[0]).toBe('beta page 1');
    expect(res.fileName).toBe('Beta_merged_unsigned.pdf');
  });

  it('needs at least two files', async () => {
    const res = await postTool(server, mergeTool.endpoint, [alpha]);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Please upload at least two PDF files to merge.');
  });

  it('refuses an unknown sortType', async () => {
    const res = await postTool(server, mergeTool.endpoint, [alpha, beta], { sortType: 'bySize' });
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/^sortType must be one of/);
  });

  it('opens owner-password PDFs and writes an unencrypted result', async () => {
    const locked = { name: 'locked.pdf', content: encryptPdf(await makePdf(1, { label: 'locked' }), '') };
    expect(isEncrypted(locked.content)).toBe(true);
    const res = await postTool(server, mergeTool.endpoint, [locked, alpha]);
    expect(res.status).toBe(200);
    expect(isEncrypted(res.body)).toBe(false);
    expect(firstLines(res.body)[0]).toBe('locked page 1');
  });

  it('names the file that needs a password, beside the reference’s fixed text', async () => {
    const locked = { name: 'payslip.pdf', content: encryptPdf(await makePdf(1, { label: 'locked' }), 'user-secret') };
    const res = await postTool(server, mergeTool.endpoint, [alpha, locked, beta]);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({
      type: '/errors/pdf-password',
      errorCode: 'E004',
      detail: 'The PDF Document is passworded and either the password was not provided or was incorrect',
      fileName: 'payslip.pdf',
    });
  });
});
