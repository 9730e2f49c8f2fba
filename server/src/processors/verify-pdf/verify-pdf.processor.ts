import { writeFile } from 'node:fs/promises';
import { verifyPdfTool } from '@folio/registry';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import type { EngineOptions } from '../../engines/process';
import { readDocument } from '../../engines/qpdf/qpdf-objects';
import { decodedStreamSize, readStreamText } from '../../engines/qpdf/qpdf-streams';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { CheckedDocument } from './checked-document';
import { CONFORMANCE_LEVELS, PDFA_CHECKS, PDFA_NOT_CHECKED, SPECIFICATIONS, type PdfaPart } from './pdfa-checks';
import { PDFUA_CHECKS, PDFUA_NOT_CHECKED, UA_SPECIFICATIONS, type PdfuaPart } from './pdfua-checks';
import { flavourReport, notPdfaReport, type FlavourReport } from './verification-report';
import { declarationsOf } from '../../pdf-objects/xmp-properties';

/** An XMP packet larger than this is not read (real ones are a few KB; some carry thumbnails, a few hundred). */
const MAX_XMP_BYTES = 4 * 1024 * 1024;

/**
 * Verifies the standards a PDF declares, as the reference's veraPDF endpoint
 * answers (§9.4), with Folio's own partial checks (veraPDF is in neither
 * Debian nor npm): one qpdf run lists every object, qpdf decodes the XMP
 * packet; the declaration (pdfaid, pdfuaid) picks the flavours, and each
 * flavour's named checks run on that listing. Every result says which checks
 * ran and what was not checked.
 */
@ToolProcessor(verifyPdfTool)
export class VerifyPdfProcessor implements Processor<typeof verifyPdfTool> {
  async run({ files: [file], workspace, engine }: ProcessorInput<typeof verifyPdfTool>): Promise<ProcessorOutput> {
    const listing = await readDocument(file.path, engine);
    const pdf = new PdfObjects(listing.objects);
    const document: CheckedDocument = { pdf, xmp: await readXmp(file.path, pdf, engine), encrypted: listing.encryption.encrypted };
    const declared = declarationsOf(document.xmp);

    const reports: FlavourReport[] = [];
    const pdfaPart = declared.pdfa && pdfaPartOf(declared.pdfa.part);
    if (declared.pdfa && pdfaPart && CONFORMANCE_LEVELS[pdfaPart].includes(declared.pdfa.conformance)) {
      const level = `${pdfaPart}${declared.pdfa.conformance}`;
      reports.push(
        flavourReport(
          {
            standard: level,
            label: `PDF/A-${level.toUpperCase()}`,
            part: pdfaPart,
            specification: SPECIFICATIONS[pdfaPart],
            declaredPdfa: true,
            checks: PDFA_CHECKS,
            runUnnumbered: false,
            notChecked: PDFA_NOT_CHECKED,
          },
          document,
        ),
      );
    } else {
      reports.push(
        notPdfaReport(
          declared.pdfa
            ? `The XMP metadata declares PDF/A part ${declared.pdfa.part}, conformance "${declared.pdfa.conformance}", which is no PDF/A flavour.`
            : undefined,
        ),
      );
    }
    const uaPart = declared.pdfua && (declared.pdfua.part === '1' || declared.pdfua.part === '2') ? (Number(declared.pdfua.part) as PdfuaPart) : undefined;
    if (uaPart) {
      reports.push(
        flavourReport(
          {
            standard: `ua${uaPart}`,
            label: `PDF/UA-${uaPart}`,
            part: uaPart,
            specification: UA_SPECIFICATIONS[uaPart],
            declaredPdfa: pdfaPart !== undefined,
            checks: PDFUA_CHECKS,
            // PDF/UA-2 asks the same of the catalog and structure, under clauses of its own that Folio does not number.
            runUnnumbered: true,
            notChecked: PDFUA_NOT_CHECKED,
          },
          document,
        ),
      );
    }

    const output = workspace.newPath('.json');
    await writeFile(output, JSON.stringify(reports));
    return { path: output };
  }
}

function pdfaPartOf(part: string): PdfaPart | undefined {
  return ['1', '2', '3', '4'].includes(part) ? (Number(part) as PdfaPart) : undefined;
}

/** The catalog's XMP packet as text; undefined when there is none, it is damaged or too large to be one. */
async function readXmp(path: string, pdf: PdfObjects, engine: EngineOptions): Promise<string | undefined> {
  const ref = pdf.catalog?.['/Metadata'];
  if (typeof ref !== 'string' || !pdf.objects[`obj:${ref}`]?.stream) return undefined;
  try {
    if ((await decodedStreamSize(path, Number(ref.split(' ')[0]), MAX_XMP_BYTES, engine)) > MAX_XMP_BYTES) return undefined;
    return await readStreamText(path, ref, engine);
  } catch (error) {
    if (error instanceof PdfCorruptedError) return undefined;
    throw error;
  }
}
