import { baseName, pdfToPdfaTool } from '@folio/registry';
import { ArchivalConversionError, convertToArchival, type ArchivalTarget } from '../../engines/ghostscript';
import { ApiError } from '../../http/api-error';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-routing/processor';
import { checkArchivalPdf } from './archival-check';

/**
 * Ghostscript's pdfwrite in PDF/A (or PDF/X) mode with an sRGB output intent,
 * then a check of the result: a file that does not meet the level it claims is
 * never sent.
 */
@ToolProcessor(pdfToPdfaTool)
export class PdfToPdfaProcessor implements Processor<typeof pdfToPdfaTool> {
  readonly readsPageContent = true;

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof pdfToPdfaTool>): Promise<ProcessorOutput> {
    const target = archivalTarget(params.outputFormat);
    const output = workspace.newPath('.pdf');
    try {
      await convertToArchival(file.path, file.pageCount ?? 1, output, target, workspace.newPath('.ps'), engine);
    } catch (error) {
      if (error instanceof ArchivalConversionError) {
        throw new ApiError(400, '/errors/pdfa-conversion', 'PDF/A Conversion Failed', `PDF/A conversion failed: ${error.detail}`, { errorCode: 'E060' });
      }
      throw error;
    }

    const problems = await checkArchivalPdf(output, target, engine);
    if (problems.length > 0) {
      throw new ApiError(
        400,
        '/errors/pdfa-validation',
        'PDF/A Conversion Failed',
        `The converted file does not meet ${labelOf(target)}: ${problems.join('; ')}.`,
        { errorCode: 'E060' },
      );
    }
    return { path: output, fileName: `${baseName(file.originalName)}_${suffixOf(target)}.pdf` };
  }
}

/**
 * The reference's reading of `outputFormat` (§4.11): trimmed, any case;
 * pdfa-1 → 1b, pdfa-3/pdfa-3b → 3b, pdfx → PDF/X, anything else → 2b.
 */
export function archivalTarget(outputFormat: string | undefined): ArchivalTarget {
  const format = (outputFormat ?? '').trim().toLowerCase();
  if (format === 'pdfx') return { standard: 'pdfx' };
  if (format === 'pdfa-1' || format === 'pdfa-1b') return { standard: 'pdfa', part: 1 };
  if (format === 'pdfa-3' || format === 'pdfa-3b') return { standard: 'pdfa', part: 3 };
  return { standard: 'pdfa', part: 2 };
}

/** The reference's download-name suffix. e.g. PDFA-2b, PDFX */
function suffixOf(target: ArchivalTarget): string {
  return target.standard === 'pdfx' ? 'PDFX' : `PDFA-${target.part}b`;
}

function labelOf(target: ArchivalTarget): string {
  return target.standard === 'pdfx' ? 'PDF/X-3' : `PDF/A-${target.part}b`;
}
