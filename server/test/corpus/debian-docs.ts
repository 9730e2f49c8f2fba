import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, sep } from 'node:path';
import { gunzipSync } from 'node:zlib';

/**
 * Real-world PDFs: the manuals Debian packages ship under /usr/share/doc, made
 * by many producers over thirty years (Acrobat Distiller 3 for Solaris to Word
 * 2021, pdfTeX 1.10b to 1.40, Ghostscript 8 to 10, LibreOffice 5 to 7, cairo,
 * groff, ReportLab, htmldoc, Microsoft Print to PDF; PDF 1.2 to 1.7, with and
 * without object streams). scripts/install-system-deps.sh installs the
 * packages below; any other PDF found there joins the candidates too.
 */
export const DOC_PACKAGES = [
  'graphviz-doc',
  'groff',
  'liblcms2-dev',
  'python-reportlab-doc',
  'xfig-doc',
  'asymptote-doc',
  'maint-guide',
  'libijs-doc',
  'bzip2-doc',
  'zlib1g-dev',
  'fonts-sil-abyssinica',
  'fonts-sil-ezra',
  'fonts-sil-tagmukay',
  'fonts-sil-dai-banna',
  'fonts-sil-mingzat',
  'fonts-sil-doulos',
  'fonts-sil-shimenkan',
] as const;

export interface RealWorldPdf {
  /** `<doc folder>/<file name>`, e.g. 'graphviz/dottyguide.pdf' (the .gz dropped). */
  name: string;
  /** The file to send: the shipped file, or its gunzipped copy in the corpus's temporary folder. */
  path: string;
  /** Where it came from, e.g. '/usr/share/doc/graphviz/pdf/dottyguide.pdf.gz'. */
  source: string;
  bytes: number;
  /** PDF version from the header, e.g. '1.2'. */
  version: string;
  /** The /Producer (or XMP pdf:Producer) when it can be read without parsing the file, else ''. */
  producer: string;
}

export interface FindOptions {
  /** Folder searched recursively; default /usr/share/doc. */
  root?: string;
  /** Most files picked; default 25. */
  maxFiles?: number;
  /** Largest (uncompressed) file picked, in bytes; default 5 MB. */
  maxBytes?: number;
}

export interface RealWorldCorpus {
  files: RealWorldPdf[];
  /** Removes the gunzipped copies. */
  cleanup(): void;
}

interface Candidate extends Omit<RealWorldPdf, 'path'> {
  content: Buffer;
  /** Top folder under the root (Debian's doc folder of the package, e.g. 'groff-base'). */
  folder: string;
}

/** A PDF literal string's bytes as text (escapes resolved, UTF-16 decoded when marked). */
function pdfString(raw: string): string {
  const bytes = raw.replace(/\\([nrtbf()\\]|[0-7]{1,3}|\r?\n)/g, (_, e: string) => {
    const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    if (e in simple) return simple[e];
    if (/^[0-7]+$/.test(e)) return String.fromCharCode(parseInt(e, 8) & 0xff);
    return '';
  });
  return decodeTextBytes(Buffer.from(bytes, 'latin1'));
}

function decodeTextBytes(bytes: Buffer): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return Buffer.from(bytes.subarray(2)).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

/** A PDF literal string starting just after its opening parenthesis (balanced parentheses may go unescaped). */
function literalAt(text: string, start: number): string {
  let depth = 1;
  for (let i = start; i < text.length && i < start + 4096; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return text.slice(start, i);
  }
  return '';
}

/** The producer named in the file's uncompressed bytes (the last Info dictionary, else XMP), if any. */
export function sniffProducer(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const at = text.lastIndexOf('/Producer');
  const value = at < 0 ? undefined : /^\/Producer\s*([(<])/.exec(text.slice(at, at + 64));
  if (value?.[1] === '(') return clean(pdfString(literalAt(text, at + value[0].length)));
  if (value?.[1] === '<') {
    const hex = /^<([0-9A-Fa-f\s]*)>/.exec(text.slice(at + value[0].length - 1, at + 4096));
    if (hex) return clean(decodeTextBytes(Buffer.from(hex[1].replace(/\s/g, ''), 'hex')));
  }
  const xmp = /<pdf:Producer>([^<]*)<\/pdf:Producer>|pdf:Producer="([^"]*)"/.exec(text);
  if (xmp) return clean(Buffer.from(xmp[1] ?? xmp[2], 'latin1').toString('utf8'));
  return '';
}

const clean = (s: string) => s.replace(/\s+/g, ' ').trim().slice(0, 80);

function walk(root: string): string[] {
  try {
    return (readdirSync(root, { recursive: true }) as string[]).filter((p) => /\.pdf(\.gz)?$/i.test(p)).map((p) => join(root, p));
  } catch {
    return [];
  }
}

function readCandidates(root: string, maxBytes: number): Candidate[] {
  const seenPaths = new Set<string>();
  const seenContent = new Set<string>();
  const candidates: Candidate[] = [];
  for (const source of walk(root).sort()) {
    let real: string;
    try {
      real = realpathSync(source);
      if (!statSync(real).isFile() || statSync(real).size > maxBytes) continue;
    } catch {
      continue;
    }
    if (seenPaths.has(real)) continue;
    seenPaths.add(real);
    let content: Buffer;
    try {
      content = readFileSync(real);
      if (/\.gz$/i.test(real)) content = gunzipSync(content, { maxOutputLength: maxBytes + 1 });
    } catch {
      continue;
    }
    if (content.length > maxBytes) continue;
    const hash = createHash('sha1').update(content).digest('hex');
    if (seenContent.has(hash)) continue;
    seenContent.add(hash);
    const rel = relative(root, source);
    const folder = rel.split(sep)[0];
    candidates.push({
      name: `${folder}/${basename(source).replace(/\.gz$/i, '')}`,
      source,
      folder,
      bytes: content.length,
      version: /%PDF-(\d\.\d)/.exec(content.subarray(0, 1024).toString('latin1'))?.[1] ?? '?',
      producer: sniffProducer(content),
      content,
    });
  }
  return candidates;
}

const bySize = (a: Candidate, b: Candidate) => a.bytes - b.bytes || (a.source < b.source ? -1 : 1);

/**
 * Picks a deterministic, bounded, varied selection: first the smallest file of
 * each producer (a file's producer, else its PDF version), preferring a package
 * not yet picked, smallest producers first; then, while room is left, the
 * smallest remaining file of each package in turn.
 */
export function pickVaried<T extends Candidate>(candidates: T[], maxFiles: number): T[] {
  const sorted = [...candidates].sort(bySize);
  const picked: T[] = [];
  const folders = new Set<string>();
  const take = (file: T) => (picked.push(file), folders.add(file.folder));
  const groups = new Map<string, T[]>();
  for (const file of sorted) {
    const key = file.producer || `PDF ${file.version}`;
    groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  for (const group of groups.values()) {
    if (picked.length >= maxFiles) break;
    take(group.find((f) => !folders.has(f.folder)) ?? group[0]);
  }
  const byFolder = new Map<string, T[]>();
  for (const file of sorted) if (!picked.includes(file)) byFolder.set(file.folder, [...(byFolder.get(file.folder) ?? []), file]);
  const queues = [...byFolder.keys()].sort().map((k) => byFolder.get(k)!);
  while (picked.length < maxFiles && queues.some((q) => q.length > 0)) {
    for (const queue of queues) if (queue.length > 0 && picked.length < maxFiles) take(queue.shift()!);
  }
  return picked.sort((a, b) => (a.name < b.name ? -1 : 1));
}

/**
 * Finds the shipped PDFs (`.pdf` and `.pdf.gz`), gunzips the picked ones into a
 * temporary folder and returns them, smallest producers first. Throws when
 * there is none: the corpus is the point of the suite, so it must not pass empty.
 */
export function findRealWorldPdfs(options: FindOptions = {}): RealWorldCorpus {
  const root = options.root ?? '/usr/share/doc';
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024;
  const candidates = readCandidates(root, maxBytes);
  if (candidates.length === 0) {
    throw new Error(
      `No PDF (.pdf or .pdf.gz) of at most ${maxBytes} bytes was found under ${root}. ` +
        `Run scripts/install-system-deps.sh, or install the documentation packages: apt-get install --no-install-recommends ${DOC_PACKAGES.join(' ')}`,
    );
  }
  const picked = pickVaried(candidates, options.maxFiles ?? 25);
  const dir = mkdtempSync(join(tmpdir(), 'folio-corpus-'));
  const files = picked.map(({ content, folder, ...file }, i) => {
    if (!/\.gz$/i.test(file.source)) return { ...file, path: realpathSync(file.source) };
    // A numbered subfolder keeps the shipped name (spaces, CJK) and cannot collide.
    const path = join(dir, String(i), basename(file.name));
    mkdirSync(join(dir, String(i)));
    writeFileSync(path, content);
    return { ...file, path };
  });
  return { files, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
