import { pdfToPdfaTool } from '@folio/registry';
import { convertToArchival, type ArchivalTarget } from '../../engines/ghostscript';
import { NotArchivableError } from '../../refusals/input-errors';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { checkArchivalPdf } from './archival-check';

/**
 * Ghostscript's pdfwrite in PDF/A (or PDF/X) mode with an sRGB output intent,
 * then a check of the result: a file that does not meet the level it claims is
 * never sent.
 */
@ToolProcessor(pdfToPdfaTool)
export class PdfToPdfaProcessor implements Processor<typeof pdfToPdfaTool> {
  readonly readsPageContent = true;

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof pdfToPdfaTool>): Promise<ProcessorOutput<typeof pdfToPdfaTool>> {
    const target = archivalTarget(params.outputFormat);
    const output = workspace.newPath('.pdf');
    await convertToArchival(file.path, file.pageCount ?? 1, output, target, workspace.newPath('.ps'), engine);
    const problems = await checkArchivalPdf(output, target, engine);
    if (problems.length > 0) throw new NotArchivableError(labelOf(target), problems);
    return { path: output, outcome: outcomeOf(target) };
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

/** The declared answer for what was made (its download name); PDF/A-2b is the declaration's own. */
function outcomeOf(target: ArchivalTarget): ProcessorOutput<typeof pdfToPdfaTool>['outcome'] {
  if (target.standard === 'pdfx') return 'pdfx';
  return target.part === 2 ? undefined : `pdfa-${target.part}b`;
}

function labelOf(target: ArchivalTarget): string {
  return target.standard === 'pdfx' ? 'PDF/X-3' : `PDF/A-${target.part}b`;
}
