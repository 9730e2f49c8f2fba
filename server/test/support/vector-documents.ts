import { ZipFile } from 'yazl';

/**
 * PostScript and XPS documents written by hand from their specifications, for
 * the vector conversions and the QA samples: small, readable, and independent
 * of the engines that read them.
 */

/** A PostScript program putting out one page per text, each line drawn in Helvetica. */
export function postScriptPages(texts: readonly string[]): Buffer {
  const escape = (text: string) => text.replace(/[\\()]/g, (ch) => `\\${ch}`);
  const pages = texts.map((text) => `/Helvetica findfont 24 scalefont setfont 72 700 moveto (${escape(text)}) show showpage`);
  return Buffer.from(['%!PS-Adobe-3.0', `%%Pages: ${texts.length}`, '%%EndComments', ...pages, '%%EOF', ''].join('\n'));
}

/** An EPS drawing: `text` in a box, its bounding box `width` × `height` pt at (50, 50). */
export function epsDrawing(text: string, width = 200, height = 100): Buffer {
  return Buffer.from(
    [
      '%!PS-Adobe-3.0 EPSF-3.0',
      `%%BoundingBox: 50 50 ${50 + width} ${50 + height}`,
      '%%EndComments',
      `newpath 52 52 moveto ${width - 4} 0 rlineto 0 ${height - 4} rlineto ${-(width - 4)} 0 rlineto closepath 0 0 1 setrgbcolor stroke`,
      `0 setgray /Helvetica findfont 18 scalefont setfont 60 ${50 + height / 2} moveto (${text}) show`,
      'showpage',
      '%%EOF',
      '',
    ].join('\n'),
  );
}

/**
 * `eps` with the DOS EPS binary header Windows programs write (a preview
 * picture may follow the program; none here): magic C5D0D3C6, then the
 * program's offset and length, no WMF or TIFF preview, no checksum.
 */
export function dosEps(eps: Buffer): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32BE(0xc5d0d3c6, 0);
  header.writeUInt32LE(30, 4);
  header.writeUInt32LE(eps.length, 8);
  header.writeUInt16LE(0xffff, 28);
  return Buffer.concat([header, eps]);
}

const XPS_NS = 'http://schemas.microsoft.com/xps/2005/06';

/** One XPS page: its size in XPS units (1/96 inch) and the FixedPage's markup inside it. */
export interface XpsPage {
  width: number;
  height: number;
  body: string;
}

/**
 * An XPS package (ZIP) of `pages`, with the parts every XPS reader looks for:
 * content types, the package relationship to the FixedDocumentSequence, one
 * FixedDocument, one FixedPage each. `extra` adds or replaces parts.
 */
export function xpsOf(pages: readonly XpsPage[], extra: Record<string, string | Buffer> = {}): Promise<Buffer> {
  const parts: Record<string, string | Buffer> = {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="fdseq" ContentType="application/vnd.ms-package.xps-fixeddocumentsequence+xml"/>' +
      '<Default Extension="fdoc" ContentType="application/vnd.ms-package.xps-fixeddocument+xml"/>' +
      '<Default Extension="fpage" ContentType="application/vnd.ms-package.xps-fixedpage+xml"/>' +
      '<Default Extension="ttf" ContentType="application/vnd.ms-opentype"/></Types>',
    '_rels/.rels':
      '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="R0" Type="http://schemas.microsoft.com/xps/2005/06/fixedrepresentation" Target="/FixedDocumentSequence.fdseq"/></Relationships>',
    'FixedDocumentSequence.fdseq': `<FixedDocumentSequence xmlns="${XPS_NS}"><DocumentReference Source="/Documents/1/FixedDocument.fdoc"/></FixedDocumentSequence>`,
    'Documents/1/FixedDocument.fdoc': `<FixedDocument xmlns="${XPS_NS}">${pages.map((_, i) => `<PageContent Source="/Documents/1/Pages/${i + 1}.fpage"/>`).join('')}</FixedDocument>`,
  };
  pages.forEach((page, i) => {
    parts[`Documents/1/Pages/${i + 1}.fpage`] =
      `<FixedPage xmlns="${XPS_NS}" Width="${page.width}" Height="${page.height}" xml:lang="en">${page.body}</FixedPage>`;
  });
  return zipOf({ ...parts, ...extra });
}

function zipOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.isBuffer(content) ? content : Buffer.from(content), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A Letter-size XPS page (816 × 1056 units) holding a filled triangle. */
export const XPS_TRIANGLE_PAGE: XpsPage = { width: 816, height: 1056, body: '<Path Data="M 96,96 L 400,96 L 400,300 Z" Fill="#FF2F6FDF"/>' };
