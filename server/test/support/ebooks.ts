import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * E-books made by other programs, and readers for the ones Folio writes:
 * EPUBs zipped by Python's zipfile (by hand) or written by Calibre from HTML
 * and Markdown, FictionBooks by hand, MOBI and AZW3 written by Calibre from an
 * EPUB; read back by unzipping (Python) and by Calibre's ebook-meta.
 */

const PYTHON = '/usr/bin/python3';

function withDir<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'folio-ebooks-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Calibre run for a fixture, unconfined, with its configuration in `dir` (never the user's). */
function calibreTool(dir: string, tool: 'ebook-convert' | 'ebook-meta', args: string[]): string {
  return execFileSync(tool, args, {
    encoding: 'utf8',
    timeout: 120_000,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      CALIBRE_CONFIG_DIRECTORY: join(dir, 'calibre-config'),
      CALIBRE_TEMP_DIR: dir,
      QT_QPA_PLATFORM: 'offscreen',
      QTWEBENGINE_CHROMIUM_FLAGS: '--no-sandbox',
    },
  });
}

/** A ZIP written by Python's zipfile: entries in order, `mimetype` stored as OCF asks; the others deflated. */
export function zipWithPython(entries: readonly [name: string, content: string | Buffer][]): Buffer {
  return withDir((dir) => {
    const listing = entries.map(([name, content], i) => {
      const file = join(dir, `entry-${i}`);
      writeFileSync(file, content);
      return [name, file];
    });
    const script = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1], 'w') as z:
    for name, path in json.load(open(sys.argv[2])):
        kind = zipfile.ZIP_STORED if name == 'mimetype' else zipfile.ZIP_DEFLATED
        z.write(path, name, compress_type=kind)
`;
    writeFileSync(join(dir, 'listing.json'), JSON.stringify(listing));
    execFileSync(PYTHON, ['-c', script, join(dir, 'out.zip'), join(dir, 'listing.json')]);
    return readFileSync(join(dir, 'out.zip'));
  });
}

export interface Chapter {
  title: string;
  paragraphs: readonly string[];
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * An EPUB 2 made by hand: one XHTML file per chapter (`extraBody` is put raw
 * into each), an NCX table of contents, `extraFiles` added as they are.
 */
export function handMadeEpub(
  title: string,
  chapters: readonly Chapter[],
  options: { extraBody?: string; extraFiles?: readonly [string, string | Buffer][]; manifestExtra?: string } = {},
): Buffer {
  const files = chapters.map((chapter, i) => {
    const body = `<h1>${escapeXml(chapter.title)}</h1>${chapter.paragraphs.map((p) => `<p>${escapeXml(p)}</p>`).join('')}${options.extraBody ?? ''}`;
    const xhtml = `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${escapeXml(chapter.title)}</title></head><body>${body}</body></html>`;
    return [`OEBPS/chapter${i + 1}.xhtml`, xhtml] as [string, string];
  });
  const opf = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${escapeXml(title)}</dc:title><dc:creator>Test Author</dc:creator><dc:language>en</dc:language><dc:identifier id="id">urn:uuid:12345678-1234-1234-1234-123456789abc</dc:identifier></metadata>
<manifest><item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>${chapters.map((_, i) => `<item id="c${i + 1}" href="chapter${i + 1}.xhtml" media-type="application/xhtml+xml"/>`).join('')}${options.manifestExtra ?? ''}</manifest>
<spine toc="ncx">${chapters.map((_, i) => `<itemref idref="c${i + 1}"/>`).join('')}</spine>
</package>`;
  const ncx = `<?xml version="1.0" encoding="utf-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head><meta name="dtb:uid" content="urn:uuid:12345678-1234-1234-1234-123456789abc"/></head><docTitle><text>${escapeXml(title)}</text></docTitle>
<navMap>${chapters.map((c, i) => `<navPoint id="n${i + 1}" playOrder="${i + 1}"><navLabel><text>${escapeXml(c.title)}</text></navLabel><content src="chapter${i + 1}.xhtml"/></navPoint>`).join('')}</navMap></ncx>`;
  const container = `<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`;
  return zipWithPython([
    ['mimetype', 'application/epub+zip'],
    ['META-INF/container.xml', container],
    ['OEBPS/content.opf', opf],
    ['OEBPS/toc.ncx', ncx],
    ...files,
    ...(options.extraFiles ?? []),
  ]);
}

/** An EPUB written by Calibre's ebook-convert from an HTML page or a Markdown text (`.html` / `.md`). */
export function calibreEpub(source: string, extension: '.html' | '.md', title: string): Buffer {
  return withDir((dir) => {
    writeFileSync(join(dir, `source${extension}`), source);
    calibreTool(dir, 'ebook-convert', [join(dir, `source${extension}`), join(dir, 'book.epub'), '--title', title]);
    return readFileSync(join(dir, 'book.epub'));
  });
}

/** A Kindle book (`.mobi` or `.azw3`) written by Calibre's ebook-convert from an EPUB. */
export function kindleBook(epub: Buffer, extension: '.mobi' | '.azw3'): Buffer {
  return withDir((dir) => {
    writeFileSync(join(dir, 'book.epub'), epub);
    calibreTool(dir, 'ebook-convert', [join(dir, 'book.epub'), join(dir, `book${extension}`)]);
    return readFileSync(join(dir, `book${extension}`));
  });
}

/** A FictionBook 2 written by hand; `prologue` goes raw before the root element (a doctype, say). */
export function handMadeFb2(title: string, sections: readonly Chapter[], options: { prologue?: string; extraBody?: string } = {}): Buffer {
  const body = sections
    .map(
      (s) =>
        `<section><title><p>${escapeXml(s.title)}</p></title>${s.paragraphs.map((p) => `<p>${escapeXml(p)}</p>`).join('')}${options.extraBody ?? ''}</section>`,
    )
    .join('');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
${options.prologue ?? ''}<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description><title-info><genre>prose</genre><author><first-name>Test</first-name><last-name>Author</last-name></author><book-title>${escapeXml(title)}</book-title><lang>en</lang></title-info></description>
<body>${body}</body></FictionBook>`);
}

/** The text files (XHTML, HTML) of an EPUB in spine order, read by Python's zipfile and the OPF: [name, text without tags]. */
export function epubSpineTexts(epub: Buffer): [string, string][] {
  return withDir((dir) => {
    writeFileSync(join(dir, 'book.epub'), epub);
    const script = `
import json, re, sys, zipfile, posixpath
z = zipfile.ZipFile(sys.argv[1])
container = z.read('META-INF/container.xml').decode()
opf_path = re.search(r'full-path="([^"]+)"', container).group(1)
opf = z.read(opf_path).decode()
base = posixpath.dirname(opf_path)
items = {m.group(1): m.group(2) for m in re.finditer(r'<item[^>]*\\bid="([^"]+)"[^>]*\\bhref="([^"]+)"', opf)}
items.update({m.group(2): m.group(1) for m in re.finditer(r'<item[^>]*\\bhref="([^"]+)"[^>]*\\bid="([^"]+)"', opf)})
out = []
for idref in re.findall(r'<itemref[^>]*idref="([^"]+)"', opf):
    name = posixpath.join(base, items[idref]) if base else items[idref]
    html = z.read(name).decode('utf-8', 'replace')
    body = re.sub(r'(?s).*?<body[^>]*>', '', html, count=1)
    text = re.sub(r'<[^>]+>', ' ', body)
    out.append([name, ' '.join(text.split())])
print(json.dumps(out))
`;
    return JSON.parse(execFileSync(PYTHON, ['-c', script, join(dir, 'book.epub')], { encoding: 'utf8' })) as [string, string][];
  });
}

/** The names of an archive's entries, in order (Python's zipfile). */
export function zipEntryNames(zip: Buffer): string[] {
  return withDir((dir) => {
    writeFileSync(join(dir, 'a.zip'), zip);
    const script = 'import json, sys, zipfile; print(json.dumps(zipfile.ZipFile(sys.argv[1]).namelist()))';
    return JSON.parse(execFileSync(PYTHON, ['-c', script, join(dir, 'a.zip')], { encoding: 'utf8' })) as string[];
  });
}

/** What Calibre's ebook-meta reads from a book: its fields by name ('Title', 'Author(s)', ...). */
export function ebookMeta(book: Buffer, extension: string): Record<string, string> {
  return withDir((dir) => {
    writeFileSync(join(dir, `book${extension}`), book);
    const text = calibreTool(dir, 'ebook-meta', [join(dir, `book${extension}`)]);
    return Object.fromEntries(
      text
        .split('\n')
        .map((line) => /^([^:]+?)\s*:\s(.*)$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1].trim(), m[2].trim()]),
    );
  });
}

/** A Kindle book's text, as Calibre reads it back to plain text. */
export function kindleText(book: Buffer, extension: '.azw3' | '.mobi'): string {
  return withDir((dir) => {
    writeFileSync(join(dir, `book${extension}`), book);
    calibreTool(dir, 'ebook-convert', [join(dir, `book${extension}`), join(dir, 'book.txt')]);
    return readFileSync(join(dir, 'book.txt'), 'utf8');
  });
}
