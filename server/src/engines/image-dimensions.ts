/**
 * Declared pixel sizes of raster images, read from their headers without
 * decoding, so a tiny file that declares a huge canvas (a pixel bomb) can be
 * refused before a renderer tries to allocate it.
 */

export interface Dimensions {
  width: number;
  height: number;
}

/** Width and height from a PNG, JPEG, GIF, WebP or BMP header; undefined for anything else. */
export function imageDimensions(data: Buffer): Dimensions | undefined {
  return png(data) ?? gif(data) ?? bmp(data) ?? webp(data) ?? jpeg(data);
}

function png(data: Buffer): Dimensions | undefined {
  if (data.length < 24 || data.readUInt32BE(0) !== 0x89504e47 || data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

function gif(data: Buffer): Dimensions | undefined {
  if (data.length < 10 || !/^GIF8[79]a$/.test(data.toString('latin1', 0, 6))) return undefined;
  return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
}

function bmp(data: Buffer): Dimensions | undefined {
  if (data.length < 26 || data.toString('latin1', 0, 2) !== 'BM') return undefined;
  return { width: Math.abs(data.readInt32LE(18)), height: Math.abs(data.readInt32LE(22)) };
}

function webp(data: Buffer): Dimensions | undefined {
  if (data.length < 30 || data.toString('latin1', 0, 4) !== 'RIFF' || data.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = data.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + data.readUIntLE(24, 3), height: 1 + data.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = data.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  return undefined;
}

/** Walks the JPEG markers up to the first start-of-frame, which carries the size. */
function jpeg(data: Buffer): Dimensions | undefined {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return undefined;
  let offset = 2;
  while (offset + 9 < data.length) {
    if (data[offset] !== 0xff) return undefined;
    const marker = data[offset + 1];
    if (marker === 0xff) {
      offset++;
      continue;
    }
    const isStartOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isStartOfFrame) return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    offset += 2 + data.readUInt16BE(offset + 2);
  }
  return undefined;
}

/** Base64 `data:image/...` URIs in a text (HTML, CSS, SVG), decoded just far enough to read their headers. */
export function* dataUriImages(text: string): Generator<Buffer> {
  const pattern = /data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]{16,})/gi;
  for (const match of text.matchAll(pattern)) {
    // Any image header fits in the first few KB; JPEG markers may push the frame a little further.
    const head = match[1].replace(/\s+/g, '').slice(0, 128 * 1024);
    yield Buffer.from(head.slice(0, head.length - (head.length % 4)), 'base64');
  }
}
