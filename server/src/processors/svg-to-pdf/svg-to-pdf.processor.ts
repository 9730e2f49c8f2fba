import { baseName, svgToPdfTool } from '@folio/registry';
import { assemblePages } from '../../engines/qpdf/qpdf-pages';
import { writeZip } from '../../engines/zip';
import { ToolProcessor, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { drawSvg } from './svg-drawing';

/**
 * Each SVG drawn as one page of vectors (svg-drawing.ts), then: all pages in
 * one PDF when combining (qpdf), else the one PDF, or one PDF per drawing in a
 * ZIP named after the first (reference-beyond §7.5). Two drawings of one name
 * are numbered in the ZIP, where the reference fails.
 */
@ToolProcessor(svgToPdfTool)
export class SvgToPdfProcessor implements Processor<typeof svgToPdfTool> {
  async run({ files, params, workspace, engine, progress }: ProcessorInput<typeof svgToPdfTool>): Promise<ProcessorOutput<typeof svgToPdfTool>> {
    const drawings: { pdf: string; name: string }[] = [];
    for (const [index, file] of files.entries()) {
      progress.measure(index / files.length, `file ${index + 1} of ${files.length}`);
      drawings.push({ pdf: await drawSvg(file, workspace, engine), name: `${baseName(file.originalName)}.pdf` });
    }

    if (params.combineIntoSinglePdf) {
      const combined = workspace.newPath('.pdf');
      await assemblePages(
        combined,
        drawings.map((drawing) => ({ path: drawing.pdf, range: '1-z' })),
        engine,
      );
      return { path: combined };
    }
    if (drawings.length === 1) return { path: drawings[0].pdf };
    const zip = workspace.newPath('.zip');
    await writeZip(
      zip,
      drawings.map((drawing) => ({ path: drawing.pdf, name: drawing.name })),
    );
    return { path: zip, outcome: 'several-drawings' };
  }
}
