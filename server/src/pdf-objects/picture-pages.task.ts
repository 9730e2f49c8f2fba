import { readFile } from 'node:fs/promises';
import { PDFDocument, type PDFImage } from 'pdf-lib';
import { definePdfLibTask } from '../engines/pdf-lib-tasks';
import { savePdf } from '../engines/pdf-lib';
import { InvalidInputError } from '../refusals/input-errors';

/** One page to be: a JPEG or PNG file and the name it had in its archive (for messages). */
export interface PagePicture {
  path: string;
  format: 'jpeg' | 'png';
  name: string;
}

export interface PicturePagesRequest {
  pictures: PagePicture[];
  output: string;
}

/**
 * Task of the pdf-lib engine (engines/pdf-lib-tasks.ts): a new PDF with one
 * page per picture, the page the picture's own size (one pixel a point, as the
 * reference draws comics) and the picture on all of it. A JPEG goes in as it is
 * (DCT, never decoded); a PNG losslessly (Flate). Each picture is written into
 * the document at once, so only one is ever held decoded.
 */
export async function makePicturePages({ pictures, output }: PicturePagesRequest): Promise<void> {
  const doc = await PDFDocument.create();
  for (const picture of pictures) {
    const bytes = await readFile(picture.path);
    let image: PDFImage;
    try {
      image = picture.format === 'jpeg' ? await doc.embedJpg(bytes) : await doc.embedPng(bytes);
      await image.embed();
    } catch (error) {
      if (error instanceof RangeError) throw error;
      throw new InvalidInputError(`The picture "${picture.name}" could not be read: it is damaged, or stored in a form a PDF cannot hold as it is.`);
    }
    const { width, height } = image;
    doc.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
  }
  await savePdf(doc, output);
}

export const picturePagesTask = definePdfLibTask('picture-pages', makePicturePages);
