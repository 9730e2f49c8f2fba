/**
 * File types a tool can accept. The browser filters picks and drops by
 * extension and MIME type; the server trusts neither and checks the content
 * (server/src/tools/file-sniffing.ts keeps one check per key below). Where the
 * content has no signature to check (text formats, the office suite's many
 * formats), `identifiedBy: 'extension'` says the server goes by the name, and
 * the engine that reads the file is the judge.
 */
export const FILE_TYPES = {
  pdf: { label: 'PDF', extensions: ['.pdf'], mimeTypes: ['application/pdf'], identifiedBy: 'content' },
  jpeg: { label: 'JPG', extensions: ['.jpg', '.jpeg', '.jpe', '.jfif'], mimeTypes: ['image/jpeg'], identifiedBy: 'content' },
  png: { label: 'PNG', extensions: ['.png'], mimeTypes: ['image/png'], identifiedBy: 'content' },
  gif: { label: 'GIF', extensions: ['.gif'], mimeTypes: ['image/gif'], identifiedBy: 'content' },
  bmp: { label: 'BMP', extensions: ['.bmp', '.dib'], mimeTypes: ['image/bmp', 'image/x-bmp', 'image/x-ms-bmp'], identifiedBy: 'content' },
  tiff: { label: 'TIFF', extensions: ['.tif', '.tiff'], mimeTypes: ['image/tiff'], identifiedBy: 'content' },
  eml: { label: 'EML', extensions: ['.eml'], mimeTypes: ['message/rfc822'], identifiedBy: 'extension' },
  /** Outlook's message file: an OLE2 compound file. */
  msg: { label: 'MSG', extensions: ['.msg'], mimeTypes: ['application/vnd.ms-outlook'], identifiedBy: 'content' },
  html: { label: 'HTML', extensions: ['.html', '.htm'], mimeTypes: ['text/html'], identifiedBy: 'extension' },
  /** Vector drawing, XML text whose root is `<svg>`. */
  svg: { label: 'SVG', extensions: ['.svg'], mimeTypes: ['image/svg+xml'], identifiedBy: 'content' },
  /** A ZIP holding an HTML file and its assets (HTML to PDF). */
  zip: { label: 'ZIP', extensions: ['.zip'], mimeTypes: ['application/zip', 'application/x-zip-compressed'], identifiedBy: 'content' },
  /** A comic book: a ZIP of page pictures. */
  cbz: { label: 'CBZ', extensions: ['.cbz'], mimeTypes: ['application/vnd.comicbook+zip', 'application/x-cbz'], identifiedBy: 'content' },
  /** A comic book: a RAR of page pictures. */
  cbr: { label: 'CBR', extensions: ['.cbr'], mimeTypes: ['application/vnd.comicbook-rar', 'application/x-cbr'], identifiedBy: 'content' },
  /** A RAR archive (RAR 4 or 5). */
  rar: { label: 'RAR', extensions: ['.rar'], mimeTypes: ['application/vnd.rar', 'application/x-rar-compressed', 'application/x-rar'], identifiedBy: 'content' },
  /** PostScript or Encapsulated PostScript: a program Ghostscript runs (a '%!' header, or an EPS with a DOS binary header). */
  postscript: {
    label: 'PostScript',
    extensions: ['.ps', '.eps', '.epsf'],
    mimeTypes: ['application/postscript', 'application/eps', 'image/x-eps'],
    identifiedBy: 'content',
  },
  /** Microsoft's XML Paper Specification (or OpenXPS): a ZIP of fixed pages, its root a FixedDocumentSequence. */
  xps: { label: 'XPS', extensions: ['.xps', '.oxps'], mimeTypes: ['application/vnd.ms-xpsdocument', 'application/oxps'], identifiedBy: 'content' },
  /**
   * An e-book Calibre reads, by the reference's list of names: EPUB, MOBI, AZW3 (and AZW), FictionBook,
   * plain text and DOCX. The content is checked against the kind the name says before Calibre sees it (E-book to PDF).
   */
  ebook: {
    label: 'e-book',
    extensions: ['.epub', '.mobi', '.azw3', '.azw', '.fb2', '.txt', '.docx'],
    mimeTypes: [
      'application/epub+zip',
      'application/x-mobipocket-ebook',
      'application/vnd.amazon.ebook',
      'application/x-fictionbook+xml',
      'text/plain',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    identifiedBy: 'extension',
  },
  markdown: { label: 'Markdown', extensions: ['.md', '.markdown'], mimeTypes: ['text/markdown', 'text/x-markdown'], identifiedBy: 'extension' },
  /** A key store holding a private key and its certificate chain (Sign with Certificate). */
  pkcs12: { label: 'PKCS#12', extensions: ['.p12', '.pfx'], mimeTypes: ['application/x-pkcs12'], identifiedBy: 'extension' },
  /** Java's key store: JKS, JCEKS, or PKCS#12 under a Java name. */
  jks: { label: 'Java keystore', extensions: ['.jks', '.keystore'], mimeTypes: ['application/x-java-keystore'], identifiedBy: 'extension' },
  /** A private key, PEM or DER (PKCS#1, PKCS#8, encrypted or not). */
  privateKey: { label: 'private key', extensions: ['.pem', '.der', '.key'], mimeTypes: [], identifiedBy: 'extension' },
  /** An X.509 certificate, PEM or DER. */
  certificate: {
    label: 'certificate',
    extensions: ['.pem', '.der', '.crt', '.cer'],
    mimeTypes: ['application/x-x509-ca-cert', 'application/pkix-cert'],
    identifiedBy: 'extension',
  },
  /**
   * Everything Convert File to PDF takes, verbatim from the spec's list (compared
   * case-insensitively), plus '.jpg', the usual spelling of '.jpeg'. The page shows
   * this list; the server checks against it.
   */
  convertible: {
    label: 'supported file',
    extensions: [
      '.doc',
      '.docx',
      '.dot',
      '.dotx',
      '.csv',
      '.xls',
      '.xlsx',
      '.xlt',
      '.xltx',
      '.slk',
      '.dif',
      '.ppt',
      '.pptx',
      '.odt',
      '.ott',
      '.ods',
      '.ots',
      '.odp',
      '.otp',
      '.odg',
      '.otg',
      '.txt',
      '.text',
      '.xml',
      '.rtf',
      '.bmp',
      '.gif',
      '.jpeg',
      '.jpg',
      '.png',
      '.tif',
      '.pbm',
      '.pgm',
      '.ppm',
      '.ras',
      '.xbm',
      '.xpm',
      '.svg',
      '.svm',
      '.wmf',
      '.html',
      '.lwp',
      '.sda',
      '.sdc',
      '.sdd',
      '.sdw',
      '.stc',
      '.std',
      '.sti',
      '.stw',
      '.sxd',
      '.sxg',
      '.sxi',
      '.sxw',
      '.dbf',
      '.fods',
      '.vsd',
      '.vor',
      '.vor3',
      '.vor4',
      '.uop',
      '.pct',
      '.ps',
      '.pdf',
    ],
    mimeTypes: [],
    identifiedBy: 'extension',
  },
  /** Any file at all (Add Attachments embeds whatever it is given). */
  anyFile: { label: 'file', extensions: [], mimeTypes: [], identifiedBy: 'anything' },
} as const satisfies Record<string, FileTypeInfo>;

export interface FileTypeInfo {
  /** Short name for messages. e.g. 'PDF' */
  label: string;
  /** Lower-case extensions with the dot. e.g. ['.pdf'] */
  extensions: readonly string[];
  /** MIME types browsers report for it. e.g. ['application/pdf'] */
  mimeTypes: readonly string[];
  /** How the server recognises an upload: by a signature in its first bytes, by its name, or not at all (anything goes). */
  identifiedBy: 'content' | 'extension' | 'anything';
}

export type FileTypeKey = keyof typeof FILE_TYPES;

/** The lower-case extension of a file name, with its dot; '' when it has none. e.g. 'Report.DOCX' → '.docx' */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot > fileName.lastIndexOf('/') ? fileName.slice(dot).toLowerCase() : '';
}

/** True when the name carries one of the type's extensions. */
export function hasExtensionOf(fileName: string, key: FileTypeKey): boolean {
  const info: FileTypeInfo = FILE_TYPES[key];
  return info.extensions.includes(extensionOf(fileName));
}

/**
 * True when a browser-side file (name + reported type) looks like one of `types`.
 * A type known by its name only must have the extension; a reported MIME type is
 * not enough there.
 */
export function matchesFileType(file: { name: string; type?: string }, types: readonly FileTypeKey[]): boolean {
  return types.some((key) => {
    const info: FileTypeInfo = FILE_TYPES[key];
    if (info.identifiedBy === 'anything') return true;
    if (hasExtensionOf(file.name, key)) return true;
    return info.identifiedBy === 'content' && !!file.type && info.mimeTypes.includes(file.type);
  });
}

/** The `accept` attribute for a file input. e.g. '.pdf,application/pdf' */
export function acceptAttribute(types: readonly FileTypeKey[]): string {
  if (acceptsAnything(types)) return '';
  return [...new Set(types.flatMap((key) => [...FILE_TYPES[key].extensions, ...FILE_TYPES[key].mimeTypes]))].join(',');
}

/** True when no upload can be of the wrong type (Add Attachments). */
export function acceptsAnything(types: readonly FileTypeKey[]): boolean {
  return types.some((key) => (FILE_TYPES[key] as FileTypeInfo).identifiedBy === 'anything');
}
