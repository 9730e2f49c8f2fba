import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Inject } from '@nestjs/common';
import { baseName, ocrCleanupTool, type ToolParams } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { ImageRemovalError, removeImages } from '../../engines/ghostscript';
import { OcrInputError, recognisePages } from '../../engines/ocrmypdf';
import { PdfCorruptedError } from '../../engines/pdf-errors';
import type { EngineOptions } from '../../engines/process';
import { decrypt, isEncrypted } from '../../engines/qpdf/qpdf-encryption';
import { writeZip } from '../../engines/zip';
import { InvalidInputError } from '../../refusals/input-errors';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import type { Workspace } from '../../workspace/workspace';
import { surveyPages, type SurveyedPage } from './page-survey';
import { ORDINARY_PAGE_PIXELS, refuseOversizedRecognition } from './recognition-budget';

type Params = ToolParams<typeof ocrCleanupTool>;

/**
 * Makes scanned pages searchable with OCRmyPDF (Tesseract): the pages are
 * surveyed first (pdftotext, pdfimages, pdfinfo: nothing drawn), so pages that
 * keep their text are never handed to OCR and a document that needs none is
 * answered at once; the pages to recognise are weighed against the raster
 * budgets, then recognised in one OCRmyPDF run with a worker per core.
 * Images are removed afterwards by Ghostscript; the recognised text travels
 * beside the PDF in a ZIP when asked.
 */
@ToolProcessor(ocrCleanupTool)
export class OcrCleanupProcessor implements Processor<typeof ocrCleanupTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine, progress }: ProcessorInput<typeof ocrCleanupTool>): Promise<ProcessorOutput> {
    const source = await withoutEncryption(file.path, workspace, engine);
    const pageCount = file.pageCount ?? 0;
    const survey = await surveyPages(source, pageCount, engine);
    // The reference's "Normal" behaves as skip-text (reference §6.9): a page with text never fails the request.
    const mode = params.ocrType === 'force-ocr' ? 'force-ocr' : 'skip-text';
    const toRecognise = mode === 'force-ocr' ? survey : survey.filter((page) => !page.hasText);
    const sidecar = params.sidecar ? workspace.newPath('.txt') : undefined;

    let result = source;
    if (toRecognise.length > 0) {
      result = workspace.newPath('.pdf');
      // OCRmyPDF goes through every page, copying those it leaves alone: the count is the document's.
      const onPage = (done: number) => progress.measure(done / pageCount, `page ${done} of ${pageCount}`);
      await this.recognise(file, source, result, toRecognise, survey.length, { params, mode, sidecar, onPage }, engine);
    } else if (sidecar) {
      // What OCRmyPDF writes for pages it leaves alone, so the text file reads the same either way.
      await writeFile(sidecar, `[OCR skipped on page(s) ${pageCount === 1 ? '1' : `1-${pageCount}`}]`);
    }

    if (params.removeImagesAfter) {
      const withoutImages = workspace.newPath('.pdf');
      try {
        await removeImages(result, pageCount, withoutImages, engine);
      } catch (error) {
        if (error instanceof ImageRemovalError) throw new PdfCorruptedError(file.originalName, error.detail);
        throw error;
      }
      result = withoutImages;
    }

    if (!sidecar) return { path: result };
    // Reference §6.9: <base>_OCR.pdf and <base>_OCR.txt in <base>_OCR.zip.
    const name = `${baseName(file.originalName)}_OCR`;
    const zip = workspace.newPath('.zip');
    await writeZip(zip, [
      { path: result, name: `${name}.pdf` },
      { path: sidecar, name: `${name}.txt` },
    ]);
    return { path: zip };
  }

  /** One OCRmyPDF run over the pages to recognise, with as many workers as the engine limits and the cores allow. */
  private async recognise(
    file: InputFile,
    input: string,
    output: string,
    pages: readonly SurveyedPage[],
    pageCount: number,
    options: { params: Params; mode: 'skip-text' | 'force-ocr'; sidecar?: string; onPage: (done: number) => void },
    engine: EngineOptions,
  ): Promise<void> {
    const size = refuseOversizedRecognition(file, pages, this.config);
    const { params } = options;
    // Required by the declaration: the schema lets no request through without one.
    if (!params.languages?.length) throw new Error('OCR / Cleanup Scans: no languages reached the processor.');
    const jobs = Math.max(1, Math.min(this.config.engineConcurrency, availableParallelism(), pages.length));
    try {
      await recognisePages(
        {
          input,
          output,
          languages: params.languages,
          mode: options.mode,
          renderer: params.ocrRenderType,
          // Every page: no list to pass. Otherwise only the surveyed ones, so OCRmyPDF does not even look at the rest.
          pages: pages.length === pageCount ? undefined : pages.map((page) => page.number),
          deskew: params.deskew,
          clean: params.clean,
          cleanFinal: params.cleanFinal,
          sidecar: options.sidecar,
          jobs,
          maxImageMegapixels: Math.ceil(Math.max(size.largest, this.config.maxPixelsPerPage) / 1_000_000) + 1,
          // A page drawn larger than an ordinary scan takes Tesseract longer, in proportion.
          workInPages: size.total / ORDINARY_PAGE_PIXELS,
          onPage: options.onPage,
        },
        engine,
      );
    } catch (error) {
      if (error instanceof OcrInputError) throw new InvalidInputError(`OCR could not process "${file.originalName}": ${error.reason}`);
      throw error;
    }
  }
}

/**
 * An owner-password PDF (the runner refuses user passwords) without its
 * encryption: OCRmyPDF refuses encrypted input, and the reference's loader
 * drops the encryption too.
 */
async function withoutEncryption(pdf: string, workspace: Workspace, engine: EngineOptions): Promise<string> {
  if (!(await isEncrypted(pdf, engine))) return pdf;
  const plain = workspace.newPath('.pdf');
  await decrypt(pdf, plain, engine);
  return plain;
}
