import { Inject } from '@nestjs/common';
import { baseName, extractImagesTool, type ToolParams } from '@folio/registry';
import { SERVER_CONFIG, type ServerConfig } from '../../config';
import { pageWatchdog } from '../../engines/process';
import { decodeImages, type DecodedImage } from '../../engines/pymupdf';
import { readObjects } from '../../engines/qpdf/qpdf-objects';
import { externaliseInlineImages } from '../../engines/qpdf/qpdf-rewrites';
import { writeZip, type ZipEntry } from '../../engines/zip';
import { InvalidInputError } from '../../refusals/input-errors';
import { megapixels } from '../../input-checks/raster-budget';
import { PdfObjects } from '../../pdf-objects/pdf-objects';
import { ToolProcessor, type InputFile, type Processor, type ProcessorInput, type ProcessorOutput } from '../../tool-execution/processor';
import { imagesByPage, storedImageSize } from './image-uses';

type Params = ToolParams<typeof extractImagesTool>;

/** Most different images one request decodes. */
export const MAX_IMAGES = 10_000;
/** Most files one ZIP holds (with duplicates, one image on many pages is many files). */
export const MAX_FILES = 50_000;

/** Time decoding may take besides the pages' own: per image, and per megapixel decoded. */
const MS_PER_IMAGE = 250;
const MS_PER_MEGAPIXEL = 500;

/**
 * Extract Images: qpdf turns inline images into image objects; the pages'
 * images (and those of the forms, patterns, soft masks and annotation
 * appearances they draw) are found in qpdf's listing of the objects; MuPDF
 * draws each image once, alone at its own pixel size, masks applied, into
 * PNG, JPG or GIF; the files go
 * into a ZIP named by the page that uses them. Without duplicates, an image
 * used on several pages, or stored twice with the same pixels, is saved once,
 * where it first appears.
 */
@ToolProcessor(extractImagesTool)
export class ExtractImagesProcessor implements Processor<typeof extractImagesTool> {
  readonly readsPageContent = true;

  constructor(@Inject(SERVER_CONFIG) private readonly config: ServerConfig) {}

  async run({ files: [file], params, workspace, engine }: ProcessorInput<typeof extractImagesTool>): Promise<ProcessorOutput<typeof extractImagesTool>> {
    const source = workspace.newPath('.pdf');
    await externaliseInlineImages(file.path, source, engine);

    const pdf = new PdfObjects((await readObjects(source, engine)).objects);
    const pages = imagesByPage(pdf);
    const images = [...new Set(pages.flat())];
    const pixels = this.checkBudgets(file, pdf, pages, images, params);

    const decoded =
      images.length === 0
        ? []
        : await decodeImages(
            {
              input: source,
              outputDir: await workspace.newFolder(),
              format: params.format,
              images: images.map((ref, index) => ({ object: Number(ref.split(' ')[0]), name: String(index + 1) })),
              watchdogMs: pageWatchdog(pages.length) + images.length * MS_PER_IMAGE + megapixels(pixels) * MS_PER_MEGAPIXEL,
            },
            workspace,
            engine,
          );

    const entries = zipEntries(pages, images, decoded, params, baseName(file.originalName));
    const zip = workspace.newPath('.zip');
    await writeZip(zip, entries);
    // Still the reference's empty ZIP; the page says why it is empty.
    return entries.length === 0 ? { path: zip, outcome: 'no-images' } : { path: zip };
  }

  /** Refuses, before anything is decoded, more images or pixels than one request may decode. Answers the pixels it will. */
  private checkBudgets(file: InputFile, pdf: PdfObjects, pages: readonly string[][], images: readonly string[], params: Params): number {
    const name = file.originalName;
    if (images.length > MAX_IMAGES) {
      throw new InvalidInputError(`"${name}" holds ${images.length} different images; up to ${MAX_IMAGES} can be extracted at once.`);
    }
    const uses = params.allowDuplicates ? pages.reduce((sum, page) => sum + page.length, 0) : images.length;
    if (uses > MAX_FILES) {
      throw new InvalidInputError(`The images of "${name}" would make ${uses} files; up to ${MAX_FILES} can be saved at once. Leave duplicates out.`);
    }
    const { maxPixelsPerPage, maxPixelsPerRequest } = this.config;
    let total = 0;
    for (const ref of images) {
      const size = storedImageSize(pdf, ref);
      if (size.pixels > maxPixelsPerPage) {
        const page = pages.findIndex((refs) => refs.includes(ref)) + 1;
        throw new InvalidInputError(
          `An image on page ${page} of "${name}" is ${size.width} × ${size.height} pixels; images of up to ${megapixels(maxPixelsPerPage)} megapixels can be extracted.`,
        );
      }
      total += size.pixels;
    }
    if (total > maxPixelsPerRequest) {
      throw new InvalidInputError(
        `The images of "${name}" hold ${megapixels(total)} megapixels together; one request can decode up to ${megapixels(maxPixelsPerRequest)}.`,
      );
    }
    return total;
  }
}

/**
 * The ZIP's files, `<base>_page_<page>_<k>.<format>` with k counting each
 * page's files from 1 (reference §6.8). Without duplicates each picture is
 * saved once, on the first page that uses it; with them, once per page using
 * it. Images MuPDF could not decode are left out.
 */
function zipEntries(pages: readonly string[][], images: readonly string[], decoded: readonly DecodedImage[], params: Params, base: string): ZipEntry[] {
  const refOf = new Map(images.map((ref) => [Number(ref.split(' ')[0]), ref]));
  const files = new Map<string, { file: string; digest: string }>();
  for (const result of decoded) {
    const ref = refOf.get(result.object);
    if (ref && 'file' in result) files.set(ref, result);
  }
  const saved = new Set<string>();
  const entries: ZipEntry[] = [];
  pages.forEach((refs, pageIndex) => {
    let k = 0;
    for (const ref of refs) {
      const image = files.get(ref);
      if (!image || (!params.allowDuplicates && saved.has(image.digest))) continue;
      saved.add(image.digest);
      entries.push({ path: image.file, name: `${base}_page_${pageIndex + 1}_${++k}.${params.format}` });
    }
  });
  return entries;
}
