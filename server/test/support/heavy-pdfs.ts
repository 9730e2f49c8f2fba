import { writePdf } from './pdf-writer';

/**
 * PDFs whose parts have sizes worth measuring: pages that each draw a picture
 * of their own (incompressible bytes, so no writer can shrink them), pictures
 * shared by several pages, text in a standard font. Written byte by byte, so
 * the structure is exactly what a test says.
 */

/** Bytes that do not compress, the same for the same seed (xorshift32). */
export function noiseBytes(length: number, seed: number): Buffer {
  const bytes = Buffer.alloc(length);
  let x = seed | 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

export interface HeavyPage {
  /** Bytes of the page's own picture; 0 for none. */
  imageBytes: number;
  /** Index into `shared` of a picture this page also draws. */
  sharedImage?: number;
}

export interface HeavyPdfOptions {
  /** Pictures several pages draw, by size in bytes. */
  shared?: readonly number[];
  /** Text on page n is `<label> page <n>`. */
  label?: string;
}

/**
 * One page per entry, 300 × 400 pt, each with its text. Its pictures are in its
 * resources but not drawn (the bytes are labelled DCT and are no real JPEG):
 * they weigh, and readers of text and pixels never meet them.
 */
export function heavyPdf(pages: readonly HeavyPage[], options: HeavyPdfOptions = {}): Buffer {
  const label = options.label ?? 'heavy';
  const objects: (string | Buffer)[] = [];
  /** Adds an object and answers its number. */
  const add = (body: string | Buffer) => objects.push(body);
  const image = (length: number, seed: number) =>
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width 8 /Height 8 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode /Length ${length} >>\nstream\n`,
      ),
      noiseBytes(length, seed),
      Buffer.from('\nendstream'),
    ]);
  add('<< /Type /Catalog /Pages 2 0 R >>');
  add('PAGES');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const shared = (options.shared ?? []).map((bytes, i) => add(image(bytes, 7919 * (i + 1))));
  const kids: number[] = [];
  pages.forEach((page, i) => {
    const xobjects: string[] = [];
    if (page.imageBytes > 0) xobjects.push(`/Own ${add(image(page.imageBytes, 104729 + i))} 0 R`);
    if (page.sharedImage !== undefined) {
      if (shared[page.sharedImage] === undefined)
        throw new Error(`heavyPdf: page ${i + 1} draws shared picture ${page.sharedImage}, which options.shared lacks.`);
      xobjects.push(`/Shared ${shared[page.sharedImage]} 0 R`);
    }
    const content = `BT /F1 18 Tf 20 200 Td (${label} page ${i + 1}) Tj ET`;
    const contents = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents ${contents} 0 R /Resources << /Font << /F1 ${font} 0 R >> /XObject << ${xobjects.join(' ')} >> >> >>`,
      ),
    );
  });
  objects[1] = `<< /Type /Pages /Count ${kids.length} /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] >>`;
  return writePdf(objects);
}
