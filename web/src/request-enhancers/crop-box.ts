import { cropBoxFromMargins } from '@folio/registry';
import type { RequestEnhancer } from './request-enhancer';

const marginOf = (params: Record<string, unknown>, name: string) => Number(params[name] ?? 0) || 0;

/**
 * Crop: Stirling's API wants the crop rectangle in PDF coordinates, which only
 * the file itself can tell. Reads the first page's visible box and rotation and
 * sends x/y/width/height beside the margins. (The spec's original page sent the
 * file size as width and height; this is the knowing correction.)
 */
export const cropBox: RequestEnhancer = async ({ files, params }) => {
  const [file] = files;
  if (!file) return {};
  const { PDFDocument } = await import('pdf-lib'); // only Crop pays for the PDF parser
  const doc = await PDFDocument.load(await file.arrayBuffer(), { ignoreEncryption: true, updateMetadata: false });
  const page = doc.getPage(0);
  const box = cropBoxFromMargins(page.getCropBox(), page.getRotation().angle, {
    top: marginOf(params, 'top'),
    right: marginOf(params, 'right'),
    bottom: marginOf(params, 'bottom'),
    left: marginOf(params, 'left'),
  });
  // Margins that leave nothing: send the margins alone and let the server explain.
  return box ? { x: box.x, y: box.y, width: box.width, height: box.height } : {};
};
