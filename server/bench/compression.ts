/**
 * The compression section of `npm run bench` (`npm run bench -- compression` runs only it).
 *
 * A set of real-world-like PDFs is generated from open material (server/test/support/
 * compression-pdfs.py: textured synthetic photographs, pages drawn with Debian's DejaVu
 * fonts, scans at 300 dpi), and each file goes through Compress PDF at levels 1, 3, 5, 7
 * and 9 (through the API) and through Ghostscript's /screen, /ebook and /printer presets
 * and qpdf's lossless rewrite (raw commands). For every result: size against the input,
 * quality (SSIM and PSNR of every page rendered at 100 dpi in grey by Poppler, against the
 * input's pages) and wall time. Then a large scan (BENCH_COMPRESSION_SCAN_MB, default 500
 * × BENCH_SCALE) at level 5 against /ebook, with the server's and its engines' peak memory,
 * and the same scan with a target of 1 KB (which nothing reaches).
 * Results go to docs/bench/latest.json (key `compression`) and into their own section of
 * docs/bench/latest.md (written by run.ts).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { rssMb } from './measure';
import { writeStreamedPdf } from './streamed-pdf';

const REPO = resolve(__dirname, '../..');
const GENERATOR = join(REPO, 'server/test/support/compression-pdfs.py');
const PYTHON = '/usr/bin/python3';
const KB = 1024;
const MB = 1024 * 1024;

/** The set: what each file stands for. */
const FILES = [
  { kind: 'brochure', label: 'Photo-heavy brochure' },
  { kind: 'scan-colour', label: '300 dpi colour scan' },
  { kind: 'scan-grey', label: 'Greyscale scan (lossless)' },
  { kind: 'report', label: 'Text report, fonts embedded whole' },
  { kind: 'map', label: 'Vector map' },
  { kind: 'compressed', label: 'Already compressed' },
] as const;

const OUR_LEVELS = [1, 3, 5, 7, 9] as const;
const GS_PRESETS = ['screen', 'ebook', 'printer'] as const;

interface MethodResult {
  method: string;
  bytes: number;
  /** Output size ÷ input size. */
  ratio: number;
  /** Mean SSIM over pages (1 = identical), and the worst page's. */
  ssim: number;
  ssimMin: number;
  /** Mean PSNR over pages, dB (Infinity when identical). */
  psnr: number;
  seconds: number;
  /** Compress PDF's X-Compression-Outcome. */
  outcome?: string;
}

interface FileResult {
  kind: string;
  label: string;
  inputBytes: number;
  pages: number;
  methods: MethodResult[];
}

interface LargeScanResult {
  inputMb: number;
  pages: number;
  ours: { seconds: number; bytes: number; serverPeakMb: number; enginesPeakMb: number };
  ebook: { seconds: number; bytes: number; peakMb: number };
  /** A target of 1 KB on a scan of about 100 MB (or the large scan, when it is smaller). */
  unreachable: { inputMb: number; seconds: number; bytes: number; targetMet?: string; serverPeakMb: number; enginesPeakMb: number };
}

export interface CompressionResults {
  date: string;
  files: FileResult[];
  largeScan?: LargeScanResult;
}

// ---------------------------------------------------------------- processes

function run(command: string, args: readonly string[], okCodes = [0]): Promise<{ seconds: number; stdout: string }> {
  return new Promise((done, fail) => {
    const started = process.hrtime.bigint();
    let stdout = '';
    let stderr = '';
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', fail);
    child.on('exit', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (okCodes.includes(code ?? -1)) done({ seconds, stdout });
      else fail(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr.slice(-500)}`));
    });
  });
}

/** POSTs to Compress PDF with curl; answers the time and the outcome headers. */
async function compressViaApi(base: string, input: string, output: string, fields: Record<string, string>): Promise<{ seconds: number; outcome?: string; targetMet?: string }> {
  const headers = `${output}.headers`;
  const args = ['-sS', '-o', output, '-D', headers, '-w', '%{http_code}', '-F', `fileInput=@${input};type=application/pdf`];
  for (const [k, v] of Object.entries(fields)) args.push('-F', `${k}=${v}`);
  args.push(`${base}/api/v1/misc/compress-pdf`);
  const { seconds, stdout } = await run('curl', args);
  if (stdout.trim() !== '200') throw new Error(`Compress PDF answered ${stdout} for ${input}: ${readFileSync(output, 'utf8').slice(0, 300)}`);
  const head = readFileSync(headers, 'utf8');
  const outcome = /x-compression-outcome:\s*(\S+)/i.exec(head)?.[1];
  const targetMet = /x-compression-target-met:\s*(\S+)/i.exec(head)?.[1];
  return { seconds, outcome, ...(targetMet ? { targetMet } : {}) };
}

const ghostscript = (preset: string, input: string, output: string) =>
  run('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=pdfwrite', `-dPDFSETTINGS=/${preset}`, `-sOutputFile=${output}`, input]);

const qpdfLossless = (input: string, output: string) => run('qpdf', ['--recompress-flate', '--compression-level=9', '--object-streams=generate', input, output], [0, 3]);

// ---------------------------------------------------------------- quality

interface Grey {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Every page rendered at 100 dpi in grey by Poppler. */
async function renderPages(pdf: string, folder: string): Promise<Grey[]> {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  await run('pdftoppm', ['-r', '100', '-gray', pdf, join(folder, 'p')]);
  return readdirSync(folder)
    .filter((f) => f.endsWith('.pgm'))
    .sort()
    .map((f) => parsePgm(readFileSync(join(folder, f))));
}

function parsePgm(data: Buffer): Grey {
  // P5\n<width> <height>\n255\n<pixels>
  let pos = 0;
  const fields: number[] = [];
  let magic = '';
  while (fields.length < 3) {
    while (/\s/.test(String.fromCharCode(data[pos]))) pos++;
    if (data[pos] === 0x23) {
      while (data[pos] !== 0x0a) pos++;
      continue;
    }
    let token = '';
    while (!/\s/.test(String.fromCharCode(data[pos]))) token += String.fromCharCode(data[pos++]);
    if (!magic) magic = token;
    else fields.push(Number(token));
  }
  pos++;
  const [width, height] = fields;
  return { width, height, pixels: data.subarray(pos, pos + width * height) };
}

/** SSIM over 8×8 windows every 4 pixels (Wang et al.'s constants), on the region both pages cover. */
export function ssim(a: Grey, b: Grey): number {
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let total = 0;
  let windows = 0;
  for (let y = 0; y + 8 <= height; y += 4) {
    for (let x = 0; x + 8 <= width; x += 4) {
      let sa = 0;
      let sb = 0;
      let saa = 0;
      let sbb = 0;
      let sab = 0;
      for (let j = 0; j < 8; j++) {
        const ra = (y + j) * a.width + x;
        const rb = (y + j) * b.width + x;
        for (let i = 0; i < 8; i++) {
          const p = a.pixels[ra + i];
          const q = b.pixels[rb + i];
          sa += p;
          sb += q;
          saa += p * p;
          sbb += q * q;
          sab += p * q;
        }
      }
      const ma = sa / 64;
      const mb = sb / 64;
      const va = saa / 64 - ma * ma;
      const vb = sbb / 64 - mb * mb;
      const cov = sab / 64 - ma * mb;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      windows++;
    }
  }
  return windows === 0 ? 0 : total / windows;
}

export function psnr(a: Grey, b: Grey): number {
  const width = Math.min(a.width, b.width);
  const height = Math.min(a.height, b.height);
  let sum = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = a.pixels[y * a.width + x] - b.pixels[y * b.width + x];
      sum += d * d;
    }
  }
  const mse = sum / (width * height);
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse);
}

function quality(reference: Grey[], pages: Grey[]): { ssim: number; ssimMin: number; psnr: number } {
  if (pages.length !== reference.length) return { ssim: 0, ssimMin: 0, psnr: 0 };
  const s = reference.map((page, i) => ssim(page, pages[i]));
  const p = reference.map((page, i) => psnr(page, pages[i]));
  const finite = p.filter(Number.isFinite);
  return {
    ssim: s.reduce((x, y) => x + y, 0) / s.length,
    ssimMin: Math.min(...s),
    psnr: finite.length === 0 ? Infinity : finite.reduce((x, y) => x + y, 0) / finite.length,
  };
}

// ---------------------------------------------------------------- the set

async function generate(kind: string, output: string, scale: number): Promise<void> {
  await run(PYTHON, [GENERATOR, kind, output, '--scale', String(scale)]);
}

async function measureFile(base: string, dir: string, kind: string, label: string, scale: number): Promise<FileResult> {
  const input = join(dir, `${kind}.pdf`);
  await generate(kind, input, scale);
  const inputBytes = statSync(input).size;
  const reference = await renderPages(input, join(dir, `${kind}-ref`));
  const methods: MethodResult[] = [];
  const measure = async (method: string, output: string, work: () => Promise<{ seconds: number; outcome?: string }>) => {
    const { seconds, outcome } = await work();
    const bytes = statSync(output).size;
    const pages = await renderPages(output, join(dir, `${kind}-out`));
    const q = quality(reference, pages);
    const row: MethodResult = { method, bytes, ratio: round(bytes / inputBytes, 3), ssim: round(q.ssim, 4), ssimMin: round(q.ssimMin, 4), psnr: round(q.psnr, 1), seconds: round(seconds, 2), ...(outcome ? { outcome } : {}) };
    console.log(`  ${kind} ${method}: ${(bytes / KB).toFixed(0)} KB (${row.ratio}), SSIM ${row.ssim}, ${row.seconds} s${outcome ? `, ${outcome}` : ''}`);
    methods.push(row);
  };
  for (const level of OUR_LEVELS) {
    const output = join(dir, `${kind}-folio-${level}.pdf`);
    await measure(`Folio level ${level}`, output, () => compressViaApi(base, input, output, { optimizeLevel: String(level) }));
  }
  for (const preset of GS_PRESETS) {
    const output = join(dir, `${kind}-gs-${preset}.pdf`);
    await measure(`gs /${preset}`, output, () => ghostscript(preset, input, output));
  }
  const qpdfOut = join(dir, `${kind}-qpdf.pdf`);
  await measure('qpdf lossless', qpdfOut, () => qpdfLossless(input, qpdfOut));
  return { kind, label, inputBytes, pages: reference.length, methods };
}

// ---------------------------------------------------------------- the large scan

/**
 * A scan of about `megabytes` MB: 300 dpi colour pages as JPEGs, written straight to
 * disk. Four generated pages, each cut by jpegtran (without loss) at 64 different
 * offsets, so every page's pixels differ, as every scanned page's do (Ghostscript
 * stores pictures with identical pixels once).
 */
async function writeLargeScan(path: string, dir: string, megabytes: number, scale: number): Promise<number> {
  const bases: string[] = [];
  for (let seed = 0; seed < 4; seed++) {
    const file = join(dir, `scan-page-${seed}.jpg`);
    await generate(`scan-jpeg-${seed}`, file, scale);
    bases.push(file);
  }
  const size = (jpeg: Buffer) => {
    // Width and height from the JPEG's SOF marker.
    let pos = 2;
    while (pos < jpeg.length) {
      const marker = jpeg[pos + 1];
      const length = jpeg.readUInt16BE(pos + 2);
      if (marker >= 0xc0 && marker <= 0xc2) return { height: jpeg.readUInt16BE(pos + 5), width: jpeg.readUInt16BE(pos + 7) };
      pos += 2 + length;
    }
    throw new Error('no SOF marker');
  };
  const { width: baseWidth, height: baseHeight } = size(readFileSync(bases[0]));
  const pageJpeg = async (i: number): Promise<Buffer> => {
    const variant = Math.floor(i / bases.length) % 64;
    const output = join(dir, 'scan-variant.jpg');
    const crop = `${baseWidth - 128}x${baseHeight - 128}+${16 * (variant % 8)}+${16 * Math.floor(variant / 8)}`;
    await run('jpegtran', ['-crop', crop, '-copy', 'none', '-outfile', output, bases[i % bases.length]]);
    return readFileSync(output);
  };
  const pages = Math.max(1, Math.round((megabytes * MB) / (await pageJpeg(0)).length));
  await writeStreamedPdf(path, async (object) => {
    const pageId = (i: number) => 3 + i * 3;
    await object(1, '<< /Type /Catalog /Pages 2 0 R >>');
    await object(2, `<< /Type /Pages /Count ${pages} /Kids [${Array.from({ length: pages }, (_, i) => `${pageId(i)} 0 R`).join(' ')}] >>`);
    for (let i = 0; i < pages; i++) {
      const jpeg = await pageJpeg(i);
      const { width, height } = size(jpeg);
      const content = `q 595.276 0 0 841.89 0 0 cm /Im0 Do Q`;
      await object(pageId(i), `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.276 841.89] /Resources << /XObject << /Im0 ${pageId(i) + 1} 0 R >> >> /Contents ${pageId(i) + 2} 0 R >>`);
      await object(pageId(i) + 1, `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`, jpeg, '\nendstream');
      await object(pageId(i) + 2, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    }
  });
  return pages;
}

/** Every process below `pid`, at any depth. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  const walk = (parent: number) => {
    let kids: number[] = [];
    try {
      kids = readdirSync(`/proc/${parent}/task`).flatMap((task) =>
        readFileSync(`/proc/${parent}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
      );
    } catch {
      return;
    }
    for (const kid of kids) {
      out.push(kid);
      walk(kid);
    }
  };
  walk(pid);
  return out;
}

/** Runs `work` while sampling every 50 ms the RSS of `pid` and the sum of its descendants'. */
async function withPeaks<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peakMb: number; descendantsPeakMb: number }> {
  let peakMb = rssMb(pid);
  let descendantsPeakMb = 0;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, rssMb(pid));
    descendantsPeakMb = Math.max(descendantsPeakMb, descendants(pid).reduce((sum, child) => sum + rssMb(child), 0));
  }, 50);
  try {
    return { result: await work(), peakMb, descendantsPeakMb };
  } finally {
    clearInterval(timer);
  }
}

async function largeScan(base: string, dir: string, serverPid: number, megabytes: number, scale: number): Promise<LargeScanResult> {
  const input = join(dir, 'large-scan.pdf');
  const pages = await writeLargeScan(input, dir, megabytes, scale);
  const inputMb = round(statSync(input).size / MB, 0);
  console.log(`  large scan: ${inputMb} MB, ${pages} pages`);
  const output = join(dir, 'large-scan-folio.pdf');
  const ours = await withPeaks(serverPid, () => compressViaApi(base, input, output, { optimizeLevel: '5' }));
  const oursBytes = statSync(output).size;
  rmSync(output, { force: true });
  const gsOut = join(dir, 'large-scan-gs.pdf');
  const ebook = await withPeaks(process.pid, () => ghostscript('ebook', input, gsOut));
  const ebookBytes = statSync(gsOut).size;
  rmSync(gsOut, { force: true });
  rmSync(input, { force: true });
  // A target nothing reaches, on about 100 MB: the smallest result, said to miss, in bounded time.
  const smaller = join(dir, 'scan-100.pdf');
  await writeLargeScan(smaller, dir, Math.min(100, megabytes), scale);
  const unreachableOut = join(dir, 'scan-100-folio.pdf');
  const tiny = await withPeaks(serverPid, () => compressViaApi(base, smaller, unreachableOut, { expectedOutputSize: '1KB' }));
  const unreachable = {
    inputMb: round(statSync(smaller).size / MB, 0),
    seconds: round(tiny.result.seconds, 1),
    bytes: statSync(unreachableOut).size,
    targetMet: tiny.result.targetMet,
    serverPeakMb: round(tiny.peakMb, 0),
    enginesPeakMb: round(tiny.descendantsPeakMb, 0),
  };
  rmSync(smaller, { force: true });
  rmSync(unreachableOut, { force: true });
  const result = {
    inputMb,
    pages,
    ours: { seconds: round(ours.result.seconds, 1), bytes: oursBytes, serverPeakMb: round(ours.peakMb, 0), enginesPeakMb: round(ours.descendantsPeakMb, 0) },
    ebook: { seconds: round(ebook.result.seconds, 1), bytes: ebookBytes, peakMb: round(ebook.descendantsPeakMb, 0) },
    unreachable,
  };
  console.log('  large scan', result);
  return result;
}

// ---------------------------------------------------------------- report

const round = (n: number, digits = 2) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : n);

function kb(bytes: number): string {
  return bytes >= 10 * MB ? `${(bytes / MB).toFixed(1)} MB` : `${(bytes / KB).toFixed(0)} KB`;
}

export function compressionMarkdown(r: CompressionResults): string {
  const lines = [
    `## Compression (${r.date.slice(0, 10)})`,
    '',
    'Compress PDF at levels 1, 3, 5, 7 and 9 (through the API, HTTP included) against Ghostscript 10 (`-dPDFSETTINGS=/screen`,',
    '`/ebook`, `/printer`) and `qpdf --recompress-flate --compression-level=9 --object-streams=generate`, on files generated',
    'by `server/test/support/compression-pdfs.py` from open material. Ratio is output ÷ input; SSIM (mean over pages, the worst',
    'page in brackets) and PSNR compare every page rendered at 100 dpi in grey by Poppler with the input\'s.',
    'Level 5 and /ebook both aim at 150 dpi.',
    '',
    '| File | Method | Size | Ratio | SSIM (worst) | PSNR (dB) | Time (s) |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const file of r.files) {
    for (const m of file.methods) {
      const note = m.outcome === 'already-optimised' ? ' (unchanged)' : '';
      lines.push(
        `| ${file.label} (${kb(file.inputBytes)}, ${file.pages} p.) | ${m.method}${note} | ${kb(m.bytes)} | ${m.ratio} | ${m.ssim.toFixed(4)} (${m.ssimMin.toFixed(4)}) | ${Number.isFinite(m.psnr) ? m.psnr.toFixed(1) : '∞'} | ${m.seconds} |`,
      );
    }
  }
  lines.push('', '**Level 5 against /ebook** (size no larger, SSIM at least as high, time within 1.5×; never larger than the input):', '');
  lines.push('| File | Level 5 | /ebook | Size | Quality | Time ratio | Never larger |', '|---|---|---|---|---|---|---|');
  for (const file of r.files) {
    const ours = file.methods.find((m) => m.method === 'Folio level 5')!;
    const ebook = file.methods.find((m) => m.method === 'gs /ebook')!;
    const never = file.methods.filter((m) => m.method.startsWith('Folio')).every((m) => m.bytes <= file.inputBytes);
    lines.push(
      `| ${file.label} | ${kb(ours.bytes)}, SSIM ${ours.ssim.toFixed(4)}, ${ours.seconds} s | ${kb(ebook.bytes)}, SSIM ${ebook.ssim.toFixed(4)}, ${ebook.seconds} s | ` +
        `${ours.bytes <= ebook.bytes ? 'ok' : 'larger'} | ${ours.ssim >= ebook.ssim ? 'ok' : 'lower'} | ${round(ours.seconds / ebook.seconds, 2)}× | ${never ? 'yes' : 'no'} |`,
    );
  }
  if (r.largeScan) {
    const l = r.largeScan;
    lines.push(
      '',
      `**Large scan** (${l.inputMb} MB, ${l.pages} pages of 300 dpi colour JPEG): level 5 took ${l.ours.seconds} s to ${kb(l.ours.bytes)} ` +
        `(server peak ${l.ours.serverPeakMb} MB, all engine processes together at most ${l.ours.enginesPeakMb} MB); ` +
        `/ebook took ${l.ebook.seconds} s to ${kb(l.ebook.bytes)} (peak ${l.ebook.peakMb} MB). ` +
        `A target of 1 KB on ${l.unreachable.inputMb} MB of the same: ${l.unreachable.seconds} s, answered ${kb(l.unreachable.bytes)} ` +
        `with \`X-Compression-Target-Met: ${l.unreachable.targetMet}\` (server peak ${l.unreachable.serverPeakMb} MB, engines ${l.unreachable.enginesPeakMb} MB).`,
    );
  }
  return lines.join('\n');
}

/**
 * Runs the section against a running server (`base`, its process `serverPid`) in `dir`.
 * BENCH_COMPRESSION_FILES (comma-separated kinds)
 * narrows the set; BENCH_COMPRESSION_SCAN_MB=0 leaves out the large scan.
 */
export async function compressionBench(base: string, dir: string, serverPid: number, scale = Number(process.env.BENCH_SCALE ?? 1)): Promise<CompressionResults> {
  const work = join(dir, 'compression');
  mkdirSync(work, { recursive: true });
  const only = process.env.BENCH_COMPRESSION_FILES?.split(',').map((s) => s.trim());
  const files: FileResult[] = [];
  console.log('Compression: generating and measuring...');
  for (const file of FILES.filter((f) => !only || only.includes(f.kind))) files.push(await measureFile(base, work, file.kind, file.label, scale));
  const scanMb = Number(process.env.BENCH_COMPRESSION_SCAN_MB ?? 500 * scale);
  const results: CompressionResults = {
    date: new Date().toISOString(),
    files,
    ...(scanMb > 0 ? { largeScan: await largeScan(base, work, serverPid, scanMb, Math.min(1, scale)) } : {}),
  };
  rmSync(work, { recursive: true, force: true });
  return results;
}
