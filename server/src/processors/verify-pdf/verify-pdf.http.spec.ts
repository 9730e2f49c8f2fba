import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { verifyPdfTool } from '@folio/registry';
import { postTool } from '../../../test/support/http';
import { CORRUPT_PDF, encryptPdf, makePdf, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';
import { falsePdfa1b, ghostscriptPdfa2b, libreOfficePdf, taggedPdfua1WithBareFigure, untaggedPdfua1 } from './verify-pdfs.fixtures';

interface Flavour {
  standard: string;
  standardName: string;
  validationProfile: string | null;
  validationProfileName: string | null;
  compliant: boolean;
  declaredPdfa: boolean;
  totalFailures: number;
  failures: {
    ruleId: string | null;
    clause: string | null;
    specification: string | null;
    testNumber: string | null;
    message: string;
    location: string | null;
  }[];
  checksPerformed: { ruleId: string | null; description: string; passed: boolean }[];
  notChecked: string | null;
}

/** What the file's XMP packet says, read with pdfinfo (Poppler), not with the tool's reader. */
function xmpByPoppler(pdf: Buffer): string {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return execFileSync('pdfinfo', ['-meta', join(dir, 'x.pdf')], { encoding: 'utf8' });
  });
}

const failedRules = (flavour: Flavour) => [...new Set(flavour.failures.map((failure) => failure.ruleId))].sort();

describe('Verify PDF/A and PDF/UA (/api/v1/security/verify-pdf)', () => {
  jest.setTimeout(180_000);
  const server = useTestServer();

  const verify = async (content: Buffer): Promise<Flavour[]> => {
    const res = await postTool(server, verifyPdfTool.endpoint, [{ name: 'doc.pdf', content }]);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    return JSON.parse(res.body.toString('utf8')) as Flavour[];
  };

  it('answers the reference’s not-pdfa entry, and nothing else, for a file that declares no standard', async () => {
    const pdf = await makePdf(1);
    expect(xmpByPoppler(pdf)).not.toMatch(/pdfaid|pdfuaid/);
    expect(await verify(pdf)).toEqual([
      {
        standard: 'not-pdfa',
        standardName: 'Not PDF/A (no PDF/A identification metadata)',
        validationProfile: null,
        validationProfileName: null,
        complianceSummary: 'Not PDF/A (no PDF/A identification metadata)',
        declaredPdfa: false,
        compliant: false,
        totalFailures: 1,
        totalWarnings: 0,
        warnings: [],
        failures: [
          {
            ruleId: null,
            message: 'Document does not declare PDF/A compliance in its XMP metadata.',
            location: null,
            specification: 'XMP pdfaid',
            clause: null,
            testNumber: null,
          },
        ],
        checksPerformed: [],
        notChecked: null,
      },
    ]);
  });

  it('passes Ghostscript’s PDF/A-2b, saying it is Folio’s partial check and what it did not check', async () => {
    const pdf = ghostscriptPdfa2b(await makePdf(2));
    expect(xmpByPoppler(pdf)).toMatch(/pdfaid:part(>|=['"])2/);
    const [flavour, ...rest] = await verify(pdf);
    expect(rest).toEqual([]);
    expect(flavour).toMatchObject({
      standard: '2b',
      standardName: 'PDF/A-2B compliant',
      validationProfile: '2b',
      declaredPdfa: true,
      compliant: true,
      totalFailures: 0,
    });
    expect(flavour.validationProfileName).toMatch(/^Folio partial check of PDF\/A-2B \(\d+ checks; not a full veraPDF validation\)$/);
    expect(flavour.checksPerformed.length).toBeGreaterThanOrEqual(10);
    expect(flavour.checksPerformed.every((check) => check.passed)).toBe(true);
    expect(flavour.checksPerformed.map((check) => check.ruleId)).toEqual(
      expect.arrayContaining(['6.1.3-1', '6.1.3-2', '6.2.11.4.1-1', '6.6.1-1', '6.6.2.1-1', '6.6.4-1']),
    );
    expect(flavour.notChecked).toMatch(/^Not checked: content streams/);
  });

  it('passes LibreOffice’s PDF/A-2 export, and checks its PDF/UA export as both PDF/A and PDF/UA-1', async () => {
    const archive = await verify(libreOfficePdf('Annual archive', { SelectPdfVersion: { type: 'long', value: '2' } }));
    expect(archive.map((flavour) => [flavour.standard, flavour.compliant])).toEqual([['2b', true]]);

    const accessible = libreOfficePdf('Accessible archive', {
      SelectPdfVersion: { type: 'long', value: '2' },
      PDFUACompliance: { type: 'boolean', value: 'true' },
    });
    expect(xmpByPoppler(accessible)).toMatch(/pdfuaid:part/);
    const flavours = await verify(accessible);
    expect(flavours.map((flavour) => flavour.standard)).toEqual([expect.stringMatching(/^2[abu]$/), 'ua1']);
    const ua = flavours[1];
    // LibreOffice tags, titles and sets the language of what it exports for PDF/UA.
    expect(ua.checksPerformed.filter((check) => !check.passed)).toEqual([]);
    expect(ua).toMatchObject({ standardName: 'PDF/UA-1 compliant', compliant: true, declaredPdfa: true });
    expect(ua.checksPerformed.map((check) => check.ruleId)).toEqual(expect.arrayContaining(['6.2-1', '7.1-11', '7.3-1']));
  });

  it('names, with their ISO 19005-1 clauses, what a file falsely claiming PDF/A-1b breaks', async () => {
    const [flavour] = await verify(falsePdfa1b());
    expect(flavour).toMatchObject({ standard: '1b', standardName: 'PDF/A-1B with errors', compliant: false });
    expect(flavour.failures.every((failure) => failure.specification === 'ISO 19005-1:2005')).toBe(true);
    expect(failedRules(flavour)).toEqual(['6.1.3-1', '6.3.4-1', '6.4-1', '6.4-6', '6.5.3-2', '6.6.1-1', '6.7.3-1'].sort());
    expect(flavour.totalFailures).toBe(flavour.failures.length);
    const font = flavour.failures.find((failure) => failure.ruleId === '6.3.4-1')!;
    expect(font).toMatchObject({ clause: '6.3.4', testNumber: '1', message: 'The font Helvetica is not embedded.', location: '5 0 obj' });
    expect(flavour.failures.find((failure) => failure.ruleId === '6.6.1-1')?.message).toBe('A JavaScript action is not allowed.');
    expect(flavour.failures.find((failure) => failure.ruleId === '6.7.3-1')?.message).toBe('Info Title "Info title" is not the XMP dc:title "XMP title".');
    const performed = flavour.checksPerformed.filter((check) => !check.passed).map((check) => check.ruleId);
    expect(performed.sort()).toEqual(['6.1.3-1', '6.3.4-1', '6.4-1', '6.5.3-2', '6.6.1-1', '6.7.3-1'].sort());
  });

  it('starts with not-pdfa and checks PDF/UA-1 on an untagged file that claims it', async () => {
    const flavours = await verify(untaggedPdfua1());
    expect(flavours.map((flavour) => flavour.standard)).toEqual(['not-pdfa', 'ua1']);
    const ua = flavours[1];
    expect(ua).toMatchObject({ standardName: 'PDF/UA-1 with errors', compliant: false, declaredPdfa: false });
    expect(failedRules(ua)).toEqual(['6.2-1', '7.1-10', '7.1-11', '7.1-9', '7.2-34', '7.21.4.1-1'].sort());
    expect(ua.failures.every((failure) => failure.specification === 'ISO 14289-1:2014')).toBe(true);
    expect(ua.notChecked).toMatch(/^Not checked: whether all content is tagged/);
  });

  it('checks a PDF/UA-2 claim with the same catalog and structure checks, without ISO 14289-1 clause numbers', async () => {
    const ua2 = Buffer.from(untaggedPdfua1().toString('latin1').replace('<pdfuaid:part>1<', '<pdfuaid:part>2<'), 'latin1');
    const [, flavour] = await verify(ua2);
    expect(flavour).toMatchObject({ standard: 'ua2', standardName: 'PDF/UA-2 with errors', compliant: false });
    expect(flavour.failures.every((failure) => failure.ruleId === null && failure.specification === 'ISO 14289-2:2024')).toBe(true);
    expect(flavour.failures.map((failure) => failure.message)).toContain('The catalog has no StructTreeRoot.');
  });

  it('finds a figure without alternative text, through the role map, in a tagged PDF/UA-1 file', async () => {
    const [, ua] = await verify(taggedPdfua1WithBareFigure());
    expect(ua.failures).toEqual([
      {
        ruleId: '7.3-1',
        clause: '7.3',
        testNumber: '1',
        specification: 'ISO 14289-1:2014',
        message: 'A Figure structure element has no alternative text (Alt or ActualText).',
        location: '9 0 obj',
      },
    ]);
  });

  it('refuses a PDF encrypted with a user password and a corrupt file with the standard 400s', async () => {
    const encrypted = await postTool(server, verifyPdfTool.endpoint, [{ name: 'doc.pdf', content: encryptPdf(await makePdf(1), 'user-secret') }]);
    expect(encrypted.status).toBe(400);
    expect(encrypted.json.type).toBe('/errors/pdf-password');
    const corrupt = await postTool(server, verifyPdfTool.endpoint, [{ name: 'doc.pdf', content: CORRUPT_PDF }]);
    expect(corrupt.status).toBe(400);
  });

  it('reports encryption (an owner password only) as a PDF/A failure rather than refusing the file', async () => {
    const locked = encryptPdf(ghostscriptPdfa2b(await makePdf(1)), '', 'owner-only');
    const [flavour] = await verify(locked);
    expect(flavour.standard).toBe('2b');
    expect(failedRules(flavour)).toContain('6.1.3-2');
  });

  it('runs as a pipeline step', async () => {
    const definition = { name: 'Verify', pipeline: [{ operation: verifyPdfTool.endpoint, parameters: {} }] };
    const res = await postTool(server, '/api/v1/pipeline/handleData', [{ name: 'doc.pdf', content: ghostscriptPdfa2b(await makePdf(1)) }], {
      json: JSON.stringify(definition),
    });
    expect(res.status).toBe(200);
    const flavours = JSON.parse(res.body.toString('utf8')) as Flavour[];
    expect(flavours.map((flavour) => [flavour.standard, flavour.compliant])).toEqual([['2b', true]]);
  });
});
