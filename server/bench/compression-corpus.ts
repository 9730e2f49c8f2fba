/**
 * The real-world compression corpus of `npm run bench` (issue 31): PDFs from many
 * producers, built into a folder when the bench runs (nothing binary is kept in
 * the repository):
 * - the Debian documentation's PDFs over 150 KB (pdfTeX, Ghostscript, groff,
 *   LibreOffice, ReportLab, ... of many versions), one or two per producer;
 * - server/test/corpus/compression-corpus.py's kinds: ReportLab photos behind
 *   ASCII85, inline images, a form, stored-but-unused objects, pictures in odd
 *   forms, a scan, a damaged file, img2pdf photographs (when img2pdf is installed);
 * - LibreOffice (soffice --convert-to pdf) and Chromium (--print-to-pdf) printing
 *   an HTML report with photographs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';

const REPO = resolve(__dirname, '../..');
/** The tests' generator (server/test/corpus/compression-corpus.py), run by path: the bench compiles only its own folder. */
const GENERATOR = join(REPO, 'server/test/corpus/compression-corpus.py');
const DOCS = '/usr/share/doc';

function writeProducedPdf(kind: string, output: string, scale = 1): void {
  execFileSync('/usr/bin/python3', [GENERATOR, kind, output, '--scale', String(scale)], { stdio: ['ignore', 'ignore', 'pipe'] });
}

export interface CorpusFile {
  /** e.g. 'debian: graphviz/dotguide.pdf', 'reportlab: photos' */
  label: string;
  producer: string;
  path: string;
}

const PRODUCED: readonly { kind: string; label: string; producer: string; scale: number }[] = [
  { kind: 'reportlab-photos', label: 'ReportLab photo report (ASCII85 + DCT)', producer: 'ReportLab', scale: 1 },
  { kind: 'reportlab-inline', label: 'ReportLab inline images', producer: 'ReportLab', scale: 1 },
  { kind: 'reportlab-form', label: 'ReportLab form with a photograph', producer: 'ReportLab', scale: 1 },
  { kind: 'leftovers', label: 'Unused images, thumbnails, /PieceInfo, duplicates', producer: 'ReportLab + pikepdf', scale: 1 },
  { kind: 'quality-traps', label: 'Masks, palettes, ICC, Lab, DeviceN, /Decode, 16-bit, CMYK JPEG', producer: 'pikepdf', scale: 0.6 },
  { kind: 'scan', label: 'Flatbed scan, 300 dpi colour JPEG', producer: 'pikepdf', scale: 1 },
  { kind: 'broken', label: 'Damaged cross-reference table', producer: 'ReportLab, damaged', scale: 1 },
  { kind: 'img2pdf', label: 'Photographs wrapped by img2pdf', producer: 'img2pdf', scale: 1 },
];

/** The HTML report LibreOffice and Chromium print: headings, paragraphs, a table, two photographs. */
function htmlReport(dir: string): string {
  for (const i of [0, 1]) writeProducedPdf(`photo-jpeg-${81 + i}`, join(dir, `photo-${i}.jpg`));
  const paragraph = 'The survey covered the north and east sides of the site. Measurements were taken each morning; the figures below are the means. '.repeat(
    6,
  );
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Survey report</title></head><body>
<h1>Survey report</h1><p>${paragraph}</p><img src="photo-0.jpg" style="width:16cm"><h2>Figures</h2>
<table border="1"><tr><th>Side</th><th>Mean</th></tr><tr><td>North</td><td>12.4</td></tr><tr><td>East</td><td>9.8</td></tr></table>
<p>${paragraph}</p><img src="photo-1.jpg" style="width:16cm"><p>${paragraph}</p></body></html>`;
  const path = join(dir, 'report.html');
  writeFileSync(path, html);
  return path;
}

/**
 * The Debian documentation's PDFs (.pdf and .pdf.gz) from 150 KB to 8 MB, at most two per producer
 * family (the /Producer's first word), largest first, gunzipped into `dir`. The tests' corpus
 * (server/test/corpus/debian-docs.ts) picks the smallest of each producer instead, and cannot be
 * imported here.
 */
function debianDocs(dir: string, most: number): CorpusFile[] {
  const found: { source: string; content: Buffer; producer: string }[] = [];
  const seen = new Set<number>();
  let names: string[] = [];
  try {
    names = (readdirSync(DOCS, { recursive: true }) as string[]).filter((p) => /\.pdf(\.gz)?$/i.test(p)).sort();
  } catch {
    return [];
  }
  for (const name of names) {
    const source = join(DOCS, name);
    try {
      if (!statSync(source).isFile()) continue;
      let content = readFileSync(source);
      if (/\.gz$/i.test(source)) content = gunzipSync(content, { maxOutputLength: 8 * 1024 * 1024 + 1 });
      if (content.length < 150 * 1024 || content.length > 8 * 1024 * 1024 || seen.has(content.length)) continue;
      seen.add(content.length);
      const text = content.toString('latin1');
      const producer =
        /\/Producer\s*\(([^)]{1,160})\)/.exec(text.slice(text.lastIndexOf('/Producer')))?.[1] ??
        /<pdf:Producer>([^<]{1,80})</.exec(text)?.[1] ??
        `PDF ${text.slice(5, 8)}`;
      found.push({ source, content, producer: readableProducer(producer) });
    } catch {
      continue;
    }
  }
  const perFamily = new Map<string, number>();
  const out: CorpusFile[] = [];
  for (const file of found.sort((a, b) => b.content.length - a.content.length)) {
    const family = file.producer.split(/[\s\d(/-]/)[0] || file.producer;
    if ((perFamily.get(family) ?? 0) >= 2 || out.length >= most) continue;
    perFamily.set(family, (perFamily.get(family) ?? 0) + 1);
    const path = join(dir, `debian-${out.length}.pdf`);
    writeFileSync(path, file.content);
    out.push({ label: `Debian: ${relative(DOCS, file.source).split('/')[0]}/${basename(file.source).replace(/\.gz$/, '')}`, producer: file.producer, path });
  }
  return out;
}

/** A /Producer string as text: UTF-16 (with its byte order mark) or UTF-8 decoded, anything unprintable dropped. */
export function readableProducer(raw: string): string {
  const bytes = Buffer.from(raw.slice(2), 'latin1');
  const utf8 = Buffer.from(raw, 'latin1').toString('utf8');
  const text = raw.startsWith('\xfe\xff')
    ? Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)))
        .swap16()
        .toString('utf16le')
    : utf8.includes('\ufffd')
      ? raw
      : utf8;
  return text
    .replace(/[^\x20-\x7e\u00a0-\uffff]/g, '')
    .trim()
    .slice(0, 60);
}

/** Builds the corpus into `dir` (Debian's files are copied there): the files it could make. */
export function buildCompressionCorpus(dir: string, log: (line: string) => void = console.log): CorpusFile[] {
  mkdirSync(dir, { recursive: true });
  const files: CorpusFile[] = [];

  for (const file of debianDocs(dir, 14)) files.push(file);

  for (const item of PRODUCED) {
    const path = join(dir, `${item.kind}.pdf`);
    try {
      writeProducedPdf(item.kind, path, item.scale);
      files.push({ label: item.label, producer: item.producer, path });
    } catch (error) {
      log(`  corpus: ${item.kind} not made (${String(error).split('\n')[0].slice(0, 120)})`);
    }
  }

  const html = htmlReport(dir);
  const office = spawnSync(
    'soffice',
    ['--headless', `-env:UserInstallation=file://${join(dir, 'lo-profile')}`, '--convert-to', 'pdf:writer_web_pdf_Export', '--outdir', join(dir, 'lo'), html],
    { timeout: 180_000 },
  );
  if (existsSync(join(dir, 'lo', 'report.pdf')))
    files.push({ label: 'LibreOffice report with photographs', producer: 'LibreOffice', path: join(dir, 'lo', 'report.pdf') });
  else log(`  corpus: LibreOffice made nothing (${office.stderr?.toString().slice(0, 200)})`);
  const chromiumPdf = join(dir, 'chromium-report.pdf');
  spawnSync(
    'chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      `--user-data-dir=${join(dir, 'chromium-profile')}`,
      '--no-pdf-header-footer',
      `--print-to-pdf=${chromiumPdf}`,
      `file://${html}`,
    ],
    { timeout: 180_000 },
  );
  if (existsSync(chromiumPdf)) files.push({ label: 'Chromium report with photographs', producer: 'Chromium (Skia)', path: chromiumPdf });
  else log('  corpus: Chromium made nothing');
  return files;
}
