import { execFile, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/**
 * The OCR section of the bench: pages per minute on one scanned document,
 * through the API against `ocrmypdf` run directly with the same options, the
 * two runs alternating (ABBA) so that load from elsewhere on the machine falls
 * on both alike. Beside the wall-clock time, the CPU time each took (the
 * server's and its engines' for the API, ocrmypdf's and its children's for the
 * direct run): on a machine others are using too, the wall clock mostly
 * measures them, the CPU time the work.
 */

const run = promisify(execFile);

/** Words for the bench's pages: ordinary English prose, so Tesseract works as on a real letter. */
const PROSE = (
  'The committee met on a grey Tuesday morning to review the harbour accounts for the previous quarter. ' +
  'Several members noted that the lighthouse repairs had cost more than expected, largely because the ' +
  'contractor discovered corrosion beneath the old iron stairway. The treasurer proposed moving funds ' +
  'from the festival budget, which had been underspent, and after some discussion the motion was carried. ' +
  'Attention then turned to the ferry timetable, where complaints about early departures had doubled since ' +
  'spring. It was agreed that the secretary would write to the operator and request a meeting before the ' +
  'summer season begins, with particular attention to the needs of school children and elderly passengers.'
).split(' ');

/** Options both runs use: the tool's defaults (force-ocr, hOCR, English). */
const FIELDS = { languages: 'eng', ocrType: 'force-ocr', ocrRenderType: 'hocr' };
const DIRECT_ARGS = ['--force-ocr', '--language', 'eng', '--pdf-renderer', 'hocr', '--output-type', 'pdf', '--quiet'];

/**
 * Writes a scanned document of `pages` letter pages: a text PDF of prose (Times,
 * 11 pt, 40 lines a page) drawn at 300 DPI in grey by pdftoppm, each picture
 * given a little noise and a slight turn by ImageMagick as a scanner would, then
 * stored as JPEG (quality 85), one picture per page.
 */
export async function writeScannedPdf(path: string, pages: number, dir: string): Promise<void> {
  const text = await PDFDocument.create();
  const font = await text.embedFont(StandardFonts.TimesRoman);
  let word = 0;
  for (let p = 0; p < pages; p++) {
    const page = text.addPage([612, 792]);
    for (let line = 0; line < 40; line++) {
      let content = '';
      while (font.widthOfTextAtSize(`${content} ${PROSE[word % PROSE.length]}`, 11) < 480) content = `${content} ${PROSE[word++ % PROSE.length]}`;
      page.drawText(content.trim(), { x: 66, y: 730 - line * 16.5, size: 11, font });
    }
  }
  const work = join(dir, 'scan-pages');
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'text.pdf'), await text.save());
  await run('pdftoppm', ['-r', '300', '-gray', '-png', join(work, 'text.pdf'), join(work, 'page')]);
  const pngs = readdirSync(work)
    .filter((name) => name.endsWith('.png'))
    .sort();
  const scan = await PDFDocument.create();
  for (const [index, png] of pngs.entries()) {
    const jpeg = join(work, `${png}.jpg`);
    const turn = ((index % 5) - 2) * 0.2;
    await run('convert', [
      join(work, png),
      '-attenuate',
      '0.2',
      '+noise',
      'Gaussian',
      '-background',
      'white',
      '-rotate',
      String(turn),
      '-gravity',
      'center',
      '-extent',
      '2550x3300',
      '-quality',
      '85',
      jpeg,
    ]);
    const picture = await scan.embedJpg(readFileSync(jpeg));
    scan.addPage([612, 792]).drawImage(picture, { x: 0, y: 0, width: 612, height: 792 });
  }
  writeFileSync(path, await scan.save());
}

/** A process's own CPU ticks (utime + stime) and start time, from /proc/<pid>/stat; undefined once it is gone. */
function ownTicks(pid: number): { ticks: number; started: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name "(...)": state is field 3, utime 14, stime 15, starttime 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ticks: Number(fields[11]) + Number(fields[12]), started: fields[19] };
  } catch {
    return undefined;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/**
 * Samples, every 20 ms until stopped, the CPU every process below `root` has
 * used, and answers the total in seconds. Sampled rather than read from the
 * parent's children's times: a sandbox's own pid namespace (bwrap) does not
 * pass its processes' times up. A process's last moments before it ends are
 * missed, alike for the API's engines and the direct run.
 */
function watchDescendants(root: number, ticksPerSecond: number): () => number {
  const seen = new Map<string, number>();
  const sampleOnce = () => {
    const queue = childrenOf(root);
    while (queue.length > 0) {
      const pid = queue.shift()!;
      const own = ownTicks(pid);
      if (own) seen.set(`${pid}@${own.started}`, own.ticks);
      queue.push(...childrenOf(pid));
    }
  };
  const timer = setInterval(sampleOnce, 20);
  return () => {
    clearInterval(timer);
    sampleOnce();
    return [...seen.values()].reduce((sum, ticks) => sum + ticks, 0) / ticksPerSecond;
  };
}

export interface OcrRow {
  pages: number;
  /** Size of the scanned document. */
  inputMb: number;
  /** Median seconds of the API runs and of the direct runs. */
  apiSeconds: number;
  directSeconds: number;
  apiPagesPerMinute: number;
  directPagesPerMinute: number;
  /** API pages per minute ÷ direct pages per minute: above 1 the API is faster. */
  speedup: number;
  /** Median CPU seconds: the server and its engines for the API run; ocrmypdf and its children for the direct run (sampled). */
  apiCpuSeconds: number;
  directCpuSeconds: number;
  /** Direct CPU ÷ API CPU: above 1 the API does the same work with less. */
  cpuRatio: number;
  /** Load average (1 min) before each run: how busy the machine was with other work. */
  loadAverages: number[];
  runs: number;
  /** The options both used. */
  options: string;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

interface Timed {
  seconds: number;
  cpuSeconds: number;
}

/**
 * Wall-clock and CPU time of `work`: the CPU of every process below `root`
 * while it runs, and `root`'s own when `countRoot` (the server's own work for
 * the API; not the bench's, which only waits and samples).
 */
async function timed(root: number, countRoot: boolean, ticksPerSecond: number, work: () => Promise<void>): Promise<Timed> {
  const rootBefore = ownTicks(root)?.ticks ?? 0;
  const started = process.hrtime.bigint();
  const stop = watchDescendants(root, ticksPerSecond);
  await work();
  const below = stop();
  const rootOwn = countRoot ? ((ownTicks(root)?.ticks ?? rootBefore) - rootBefore) / ticksPerSecond : 0;
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, cpuSeconds: below + rootOwn };
}

function curlOcr(base: string, input: string, output: string): Promise<void> {
  const args = [
    '-sS',
    '-o',
    output,
    '-w',
    '%{http_code}',
    '-F',
    `fileInput=@${input};type=application/pdf`,
    ...Object.entries(FIELDS).flatMap(([k, v]) => ['-F', `${k}=${v}`]),
    `${base}/api/v1/misc/ocr-pdf`,
  ];
  return new Promise((done, fail) => {
    let status = '';
    const child = spawn('curl', args);
    child.stdout.on('data', (d) => (status += d));
    child.on('exit', (code) => (code === 0 && status === '200' ? done() : fail(new Error(`OCR through the API: curl ${code}, HTTP ${status}`))));
  });
}

async function direct(input: string, output: string): Promise<void> {
  await run('ocrmypdf', [...DIRECT_ARGS, input, output], { maxBuffer: 16 * 1024 * 1024 });
}

/** Every word of the first line of page 1 is found by pdftotext in `pdf`: the result really is searchable. */
async function checkSearchable(pdf: string): Promise<void> {
  const { stdout } = await run('pdftotext', ['-f', '1', '-l', '1', pdf, '-']);
  const found = new Set(stdout.toLowerCase().split(/\W+/));
  const expected = PROSE.slice(0, 8).map((w) => w.toLowerCase().replace(/\W/g, ''));
  const missing = expected.filter((w) => !found.has(w));
  if (missing.length > 2) throw new Error(`OCR bench: the result lacks the words ${missing.join(', ')}`);
}

/**
 * `runs` API runs and `runs` direct runs, alternating A B B A …, on the same
 * scanned document. `serverPid`: the server's process, whose CPU time (its
 * engines' included once it has reaped them) the API runs are charged.
 */
export async function benchOcr(port: number, serverPid: number, dir: string, pages = 20, runs = 2): Promise<OcrRow> {
  const input = join(dir, 'scan.pdf');
  console.log(`Generating a ${pages}-page scan...`);
  await writeScannedPdf(input, pages, dir);
  const ours = join(dir, 'ocr-api.pdf');
  const theirs = join(dir, 'ocr-direct.pdf');
  const ticks = Number((await run('getconf', ['CLK_TCK'])).stdout.trim()) || 100;
  const api: Timed[] = [];
  const raw: Timed[] = [];
  const loadAverages: number[] = [];
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? ['api', 'direct'] : ['direct', 'api'];
    for (const which of order) {
      loadAverages.push(Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]));
      if (which === 'api') api.push(await timed(serverPid, true, ticks, () => curlOcr(`http://127.0.0.1:${port}`, input, ours)));
      else raw.push(await timed(process.pid, false, ticks, () => direct(input, theirs)));
      const last = (which === 'api' ? api : raw).at(-1)!;
      console.log(`  OCR ${which}: ${last.seconds.toFixed(1)} s, ${last.cpuSeconds.toFixed(1)} s of CPU (load ${loadAverages.at(-1)})`);
    }
  }
  await checkSearchable(ours);
  await checkSearchable(theirs);
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
  const [apiSeconds, directSeconds] = [median(api.map((t) => t.seconds)), median(raw.map((t) => t.seconds))];
  const [apiCpuSeconds, directCpuSeconds] = [median(api.map((t) => t.cpuSeconds)), median(raw.map((t) => t.cpuSeconds))];
  return {
    pages,
    inputMb: round(statSync(input).size / 1024 / 1024, 1),
    apiSeconds: round(apiSeconds, 1),
    directSeconds: round(directSeconds, 1),
    apiPagesPerMinute: round((pages * 60) / apiSeconds, 1),
    directPagesPerMinute: round((pages * 60) / directSeconds, 1),
    speedup: round(directSeconds / apiSeconds),
    apiCpuSeconds: round(apiCpuSeconds, 1),
    directCpuSeconds: round(directCpuSeconds, 1),
    cpuRatio: round(directCpuSeconds / apiCpuSeconds),
    loadAverages,
    runs,
    options: `ocrmypdf ${DIRECT_ARGS.filter((a) => a !== '--quiet').join(' ')} (jobs: all cores)`,
  };
}

/** The section of docs/bench/latest.md. */
export function ocrMarkdown(row: OcrRow): string[] {
  const runs = row.runs === 1 ? 'one run each' : `median of ${row.runs} runs each, alternating`;
  return [
    `OCR of a ${row.pages}-page scan (${row.inputMb} MB, 300 DPI, letter pages of prose), ${runs}; load average before the runs: ${(row.loadAverages ?? []).join(', ')}:`,
    '',
    '| OCR | seconds | pages per minute | CPU seconds |',
    '|---|---|---|---|',
    `| through the API (\`/api/v1/misc/ocr-pdf\`, defaults) | ${row.apiSeconds} | ${row.apiPagesPerMinute} | ${row.apiCpuSeconds} |`,
    `| \`${row.options}\` | ${row.directSeconds} | ${row.directPagesPerMinute} | ${row.directCpuSeconds} |`,
    '',
    `API ÷ direct speed: ${row.speedup}× by the clock, ${row.cpuRatio}× by CPU time (the clock also measures whatever else the machine was doing).`,
    '',
  ];
}
