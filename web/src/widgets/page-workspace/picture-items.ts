/** Longest side of a picture as sent (pixels): sharp when printed at signature size, small on the wire. */
const MAX_SIDE = 1200;
/** How near white a pixel must be (0–255 per channel, the darkest channel) to count as paper. */
const PAPER_LEVEL = 200;

export interface Picture {
  /** `data:image/png;base64,…` or `data:image/jpeg;base64,…` */
  dataUrl: string;
  width: number;
  height: number;
}

async function decode(file: Blob): Promise<ImageBitmap> {
  return createImageBitmap(file);
}

/**
 * A chosen picture, scaled down to MAX_SIDE, as a data URL. With
 * `removeBackground` (a photographed signature) the paper turns transparent:
 * pixels lighter than PAPER_LEVEL fade out, darker ones keep their ink, so the
 * page shows through around the strokes.
 */
export async function readPicture(file: Blob, options: { removeBackground: boolean }): Promise<Picture> {
  const bitmap = await decode(file);
  const ratio = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * ratio));
  const height = Math.max(1, Math.round(bitmap.height * ratio));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  if (!options.removeBackground) {
    const keepsAlpha = file.type === 'image/png' || file.type === 'image/webp' || file.type === 'image/gif';
    return { dataUrl: canvas.toDataURL(keepsAlpha ? 'image/png' : 'image/jpeg', 0.9), width, height };
  }
  const image = context.getImageData(0, 0, width, height);
  paperToTransparent(image.data);
  context.putImageData(image, 0, 0);
  return { dataUrl: canvas.toDataURL('image/png'), width, height };
}

/** RGBA pixels in place: paper transparent, ink kept with an alpha by how dark it is. */
export function paperToTransparent(pixels: Uint8ClampedArray): void {
  for (let i = 0; i < pixels.length; i += 4) {
    const darkest = Math.min(pixels[i]!, pixels[i + 1]!, pixels[i + 2]!);
    const alpha = darkest >= PAPER_LEVEL ? 0 : Math.round(255 * (1 - darkest / PAPER_LEVEL) ** 0.6);
    pixels[i + 3] = Math.min(pixels[i + 3]!, alpha);
  }
}

/** A picture's size on the page (points): `longest` on its longer side, its shape kept. */
export function pictureSize(picture: Picture, longest: number): { width: number; height: number } {
  const ratio = longest / Math.max(picture.width, picture.height);
  return { width: Math.round(picture.width * ratio), height: Math.round(picture.height * ratio) };
}
