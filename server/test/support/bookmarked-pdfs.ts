import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writePdf } from './pdf-writer';

/** A bookmark of `bookmarkedPdf`: its title, the page it opens (1-based; 0 for none) and its children. */
export interface BookmarkSpec {
  title: string;
  page: number;
  children?: BookmarkSpec[];
  /** Open the page through a GoTo action instead of /Dest. */
  action?: boolean;
}

export interface BookmarkedPdfOptions {
  /** Text on page n is `<label> page <n>`. */
  label?: string;
  /** Document information entries, e.g. { Title: 'Annual report', Author: 'Asha' }. */
  info?: Record<string, string>;
}

/** A text string any reader decodes: UTF-16BE with its byte-order mark, in hex. */
function textString(text: string): string {
  const utf16 = Buffer.from(text, 'utf16le');
  for (let i = 0; i + 1 < utf16.length; i += 2) [utf16[i], utf16[i + 1]] = [utf16[i + 1], utf16[i]];
  return `<FEFF${utf16.toString('hex').toUpperCase()}>`;
}

/**
 * `pages` pages of 300 × 400 pt, each with its text, and the given bookmarks
 * (nested as given), written byte by byte so their structure is exactly this.
 */
export function bookmarkedPdf(pages: number, bookmarks: readonly BookmarkSpec[], options: BookmarkedPdfOptions = {}): Buffer {
  const label = options.label ?? 'book';
  const objects: (string | Buffer)[] = [];
  const add = (body: string | Buffer) => objects.push(body);
  add('CATALOG');
  add('PAGES');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const pageRefs: number[] = [];
  for (let n = 1; n <= pages; n++) {
    const content = `BT /F1 18 Tf 20 200 Td (${label} page ${n}) Tj ET`;
    const contents = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    pageRefs.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents ${contents} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`));
  }
  objects[1] = `<< /Type /Pages /Count ${pages} /Kids [${pageRefs.map((r) => `${r} 0 R`).join(' ')}] >>`;

  /** Writes one level of items under `parent`; answers their numbers and how many items they hold in all. */
  const writeLevel = (items: readonly BookmarkSpec[], parent: number): { refs: number[]; count: number } => {
    const refs = items.map(() => add('ITEM'));
    let count = items.length;
    items.forEach((item, i) => {
      const children = item.children?.length ? writeLevel(item.children, refs[i]) : undefined;
      if (children) count += children.count;
      const target = item.page > 0 ? `[${pageRefs[item.page - 1]} 0 R /Fit]` : undefined;
      const destination = !target ? '' : item.action ? `/A << /S /GoTo /D ${target} >>` : `/Dest ${target}`;
      objects[refs[i] - 1] =
        `<< /Title ${textString(item.title)} /Parent ${parent} 0 R ${destination}` +
        (i > 0 ? ` /Prev ${refs[i - 1]} 0 R` : '') +
        (i < items.length - 1 ? ` /Next ${refs[i + 1]} 0 R` : '') +
        (children ? ` /First ${children.refs[0]} 0 R /Last ${children.refs[children.refs.length - 1]} 0 R /Count ${children.count}` : '') +
        ' >>';
    });
    return { refs, count };
  };

  let catalogExtra = '';
  if (bookmarks.length > 0) {
    const outlines = add('OUTLINES');
    const top = writeLevel(bookmarks, outlines);
    objects[outlines - 1] = `<< /Type /Outlines /First ${top.refs[0]} 0 R /Last ${top.refs[top.refs.length - 1]} 0 R /Count ${top.count} >>`;
    catalogExtra = ` /Outlines ${outlines} 0 R /PageMode /UseOutlines`;
  }
  objects[0] = `<< /Type /Catalog /Pages 2 0 R${catalogExtra} >>`;
  let trailerExtra = '';
  if (options.info) {
    const info = add(
      `<< ${Object.entries(options.info)
        .map(([key, value]) => `/${key} ${textString(value)}`)
        .join(' ')} >>`,
    );
    trailerExtra = `/Info ${info} 0 R`;
  }
  return writePdf(objects, trailerExtra);
}

// ---------------------------------------------------------------- bookmarked PDFs from other producers, and a reader

/** A bookmark as qpdf reads it back: title, page (1-based; null when it leads nowhere), open or closed, children. */
export interface ReadBookmark {
  title: string;
  page: number | null;
  open: boolean;
  kids: ReadBookmark[];
  /** The destination's kind and numbers after the page. e.g. ['/XYZ', 0, 700, 0] */
  view: unknown[];
}

/** The outline of `pdf` as qpdf (an independent reader) shows it. */
export function readBookmarks(pdf: Buffer): ReadBookmark[] {
  interface Qpdf {
    title: string;
    destpageposfrom1: number | null;
    open: boolean;
    dest: unknown;
    kids: Qpdf[];
  }
  const json = withDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=outlines', join(dir, 'x.pdf')], { encoding: 'utf8' })) as { outlines: Qpdf[] };
  });
  const read = (nodes: Qpdf[]): ReadBookmark[] =>
    nodes.map((n) => ({ title: n.title, page: n.destpageposfrom1, open: n.open, kids: read(n.kids), view: Array.isArray(n.dest) ? n.dest.slice(1) : [] }));
  return read(json.outlines);
}

/** Titles and pages only, nested: e.g. [['1 Intro', 1, [['1.1 Scope', 2, []]]]]. */
export type BookmarkShape = [string, number | null, BookmarkShape[]];
export function bookmarkShape(pdf: Buffer): BookmarkShape[] {
  const shape = (nodes: ReadBookmark[]): BookmarkShape[] => nodes.map((n) => [n.title, n.page, shape(n.kids)]);
  return shape(readBookmarks(pdf));
}

/** The document information and XMP as Poppler reads them: pdfinfo's fields, and its -meta output. */
export function documentInformation(pdf: Buffer): { info: Record<string, string>; xmp: string } {
  return withDir((dir) => {
    const path = join(dir, 'x.pdf');
    writeFileSync(path, pdf);
    const info = Object.fromEntries(
      execFileSync('pdfinfo', [path], { encoding: 'utf8' })
        .split('\n')
        .map((line) => /^([^:]+):\s*(.*)$/.exec(line))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => [m[1], m[2]]),
    );
    return { info, xmp: execFileSync('pdfinfo', ['-meta', path], { encoding: 'utf8' }) };
  });
}

const REPORT_HEADINGS: [level: 1 | 2, text: string][] = [
  [1, '1 Intro'],
  [2, '1.1 Scope'],
  [1, '2 Method'],
  [2, '2.1 Sites'],
  [2, '2.2 Tools'],
  [1, '3 Results'],
];

/**
 * A six-page report written by LibreOffice as PDF/A-2b (document information,
 * XMP, language, tags), one heading per page, its bookmarks from the headings:
 * 1 Intro (p1) › 1.1 Scope (p2); 2 Method (p3) › 2.1 Sites (p4), 2.2 Tools (p5); 3 Results (p6).
 * Title "Field report", author Asha, subject Survey.
 */
export function officeReport(): Buffer {
  const headings = REPORT_HEADINGS.map(
    ([level, text], i) =>
      `<text:h text:style-name="${i === 0 ? `Heading_20_${level}` : `Break${level}`}" text:outline-level="${level}">${text}</text:h><text:p>Text of ${text}</text:p>`,
  ).join('');
  const fodt = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">
<office:meta><dc:title>Field report</dc:title><dc:subject>Survey</dc:subject><dc:creator>Asha</dc:creator><meta:initial-creator>Asha</meta:initial-creator></office:meta>
<office:automatic-styles>
<style:style style:name="Break1" style:family="paragraph" style:parent-style-name="Heading_20_1"><style:paragraph-properties fo:break-before="page"/></style:style>
<style:style style:name="Break2" style:family="paragraph" style:parent-style-name="Heading_20_2"><style:paragraph-properties fo:break-before="page"/></style:style>
</office:automatic-styles>
<office:body><office:text>${headings}</office:text></office:body></office:document>
`;
  return withDir((dir) => {
    writeFileSync(join(dir, 'report.fodt'), fodt);
    const filter = 'pdf:writer_pdf_Export:{"ExportBookmarks":{"type":"boolean","value":"true"},"SelectPdfVersion":{"type":"long","value":"2"}}';
    execFileSync(
      'soffice',
      [`-env:UserInstallation=file://${join(dir, 'profile')}`, '--headless', '--convert-to', filter, '--outdir', dir, join(dir, 'report.fodt')],
      { stdio: 'ignore', timeout: 120_000 },
    );
    return readFileSync(join(dir, 'report.pdf'));
  });
}

/**
 * A ten-page document written by reportlab, "Report page n" on page n, with
 * bookmarks that open their page at a point (XYZ), "Chapter 4" closed:
 * Chapter 1 (p1) › Section 2, Section 3; Chapter 4 (p4, closed) › Section 5, 6, 7; Chapter 8 (p8) › Section 9, 10.
 * Title "Annual report", author Asha.
 */
export function reportlabReport(): Buffer {
  const script = `
import sys
from reportlab.pdfgen import canvas
c = canvas.Canvas(sys.argv[1])
c.setTitle("Annual report"); c.setAuthor("Asha")
for p in range(1, 11):
    c.drawString(72, 720, "Report page %d" % p)
    c.bookmarkPage("p%d" % p, fit="XYZ", left=0, top=700, zoom=0)
    chapter = p in (1, 4, 8)
    c.addOutlineEntry(("Chapter %d" if chapter else "Section %d") % p, "p%d" % p, level=0 if chapter else 1, closed=(p == 4))
    c.showPage()
c.save()
`;
  return withDir((dir) => {
    execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'report.pdf')], { stdio: ['ignore', 'ignore', 'pipe'] });
    return readFileSync(join(dir, 'report.pdf'));
  });
}

function withDir<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'folio-bookmarks-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
