/**
 * `npm run bench`: figures for the README, written to docs/bench/latest.{json,md}.
 * 1. Start-up time and idle memory of the built server.
 * 2. Large files through the HTTP API against the raw qpdf command doing the same
 *    (merge of two ~150 MB PDFs; one page out of a ~600 MB PDF), with peak memory.
 * 3. A mixed load: 200 requests from 16 concurrent clients over merge, rotate, split
 *    and an Export converter (Markdown to PDF, through the warm Chromium).
 * 4. OCR: pages per minute on a 20-page scan, through the API against `ocrmypdf`
 *    run directly with the same options (bench/ocr.ts).
 * `npm run bench -- --only=ocr` runs the OCR section alone (a few minutes) and
 * keeps the other figures of docs/bench/latest.json as they were.
 * Only loopback traffic; every loop is bounded.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compressionBench, compressionMarkdown, type CompressionResults } from './compression';
import { writeLargePdf } from './large-pdf';
import { medianOf, percentile, rssMb, sample } from './measure';
import { benchOcr, ocrMarkdown, type OcrRow } from './ocr';
import { startTransferSink } from './transfer-sink';
import { benchJobs, type JobsBench } from './jobs';
import { benchTextExtraction, textExtractionMarkdown, type TextRow } from './text-extraction';
import { benchPageWorkspace, workspaceMarkdown, type WorkspaceBench } from './page-workspace';

const REPO = resolve(__dirname, '../..');
const MB = 1024 * 1024;
const SCALE = Number(process.env.BENCH_SCALE ?? 1); // 0.1 for a quick run
/** `--only=ocr`, `--only=compression`, `--only=jobs`, `--only=text` or `--only=workspace`: just that section, the others kept from the last run. */
const SECTIONS = ['ocr', 'compression', 'jobs', 'text', 'workspace'] as const;
const ONLY_ARGUMENT = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
if (ONLY_ARGUMENT !== undefined && !(SECTIONS as readonly string[]).includes(ONLY_ARGUMENT))
  throw new Error(`--only takes ${SECTIONS.join(', ')}, not "${ONLY_ARGUMENT}".`);
const ONLY = ONLY_ARGUMENT as (typeof SECTIONS)[number] | undefined;
/** OCR runs of each kind (API, direct), alternating; BENCH_OCR_RUNS=1 halves the section's time. */
const OCR_RUNS = Number(process.env.BENCH_OCR_RUNS ?? 2);

async function startServer(dir: string, port: number): Promise<{ child: ChildProcess; startupMs: number }> {
  const started = Date.now();
  const child = spawn('node', [join(REPO, 'server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      FOLIO_WORK_DIR: join(dir, 'work'),
      FOLIO_DATA_DIR: join(dir, 'data'),
      FOLIO_MAX_UPLOAD_MB: '2000',
      FOLIO_MAX_REQUEST_MB: '4000',
    },
    stdio: 'ignore',
  });
  // Up to 30 s: on a machine busy with other work the server's start-up takes several seconds.
  for (let i = 0; i < 1500; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/info/status`)).ok) return { child, startupMs: Date.now() - started };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('server did not start');
}

function curl(base: string, endpoint: string, files: string[], fields: Record<string, string>, output: string): Promise<number> {
  const args = [
    '-sS',
    '-o',
    output,
    '-w',
    '%{http_code}',
    ...files.flatMap((f) => ['-F', `fileInput=@${f};type=application/pdf`]),
    ...Object.entries(fields).flatMap(([k, v]) => ['-F', `${k}=${v}`]),
    `${base}${endpoint}`,
  ];
  return new Promise((done, fail) => {
    let out = '';
    const child = spawn('curl', args);
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? done(Number(out)) : fail(new Error(`curl exited ${code}`))));
  });
}

function qpdf(args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('qpdf', args, { stdio: 'ignore' });
    child.on('exit', (code) => (code === 0 || code === 3 ? done() : fail(new Error(`qpdf exited ${code}`))));
  });
}

interface Upload {
  body: Buffer;
  name: string;
  type: string;
}

const MARKDOWN = Buffer.from(
  [
    '# Quarterly report',
    '',
    'Some **bold** text and a list:',
    '',
    '- one',
    '- two',
    '',
    '| a | b |',
    '|---|---|',
    '| 1 | 2 |',
    '',
    '```ts',
    'const x = 1;',
    '```',
    '',
  ].join('\n'),
);

async function mixedLoad(port: number, inputs: { small: Buffer; medium: Buffer }, total = 200, clients = 16) {
  const pdf = (body: Buffer, i: number): Upload => ({ body, name: `in-${i}.pdf`, type: 'application/pdf' });
  const kinds: { name: string; endpoint: string; files: Upload[]; fields: Record<string, string> }[] = [
    { name: 'merge', endpoint: '/api/v1/general/merge-pdfs', files: [pdf(inputs.small, 1), pdf(inputs.medium, 2)], fields: {} },
    { name: 'rotate', endpoint: '/api/v1/general/rotate-pdf', files: [pdf(inputs.medium, 1)], fields: { angle: '90' } },
    { name: 'split', endpoint: '/api/v1/general/split-pages', files: [pdf(inputs.medium, 1)], fields: { pageNumbers: '2n' } },
    { name: 'markdown-to-pdf', endpoint: '/api/v1/convert/markdown/pdf', files: [{ body: MARKDOWN, name: 'report.md', type: 'text/markdown' }], fields: {} },
  ];
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let next = 0;
  const started = Date.now();
  const client = async () => {
    while (next < total) {
      const kind = kinds[next++ % kinds.length];
      const form = new FormData();
      kind.files.forEach((file) => form.append('fileInput', new Blob([new Uint8Array(file.body)], { type: file.type }), file.name));
      Object.entries(kind.fields).forEach(([k, v]) => form.append(k, v));
      const t = Date.now();
      try {
        const res = await fetch(`http://127.0.0.1:${port}${kind.endpoint}`, { method: 'POST', body: form });
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      } catch {
        statuses.network = (statuses.network ?? 0) + 1;
      }
      latencies.push(Date.now() - t);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: total,
    clients,
    seconds: round(seconds),
    throughputPerSecond: round(total / seconds),
    p50Ms: percentile(latencies, 50),
    p95Ms: percentile(latencies, 95),
    p99Ms: percentile(latencies, 99),
    statuses,
    tooManyRequests: statuses['429'] ?? 0,
    otherFailures: Object.entries(statuses)
      .filter(([s]) => s !== '200' && s !== '429')
      .reduce((n, [, c]) => n + c, 0),
  };
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The OCR section alone, its figures put into the last full run's results. */
/** One section against a fresh server, written over its previous figures; the other sections stay as they were. */
async function onlySection(section: (typeof SECTIONS)[number]): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-'));
  const port = 18000 + Math.floor(Math.random() * 1000);
  let server: ChildProcess | undefined;
  try {
    server = (await startServer(dir, port)).child;
    const outDir = join(REPO, 'docs/bench');
    const previous = JSON.parse(readFileSync(join(outDir, 'latest.json'), 'utf8')) as Results;
    if (section === 'ocr') writeResults(outDir, { ...previous, ocr: await benchOcr(port, server.pid!, dir, 20, OCR_RUNS) });
    else if (section === 'jobs') writeResults(outDir, { ...previous, jobs: await benchJobs(dir, await jobInputs(dir)) });
    else if (section === 'text') writeResults(outDir, { ...previous, text: await benchTextExtraction(`http://127.0.0.1:${port}`, dir) });
    else if (section === 'workspace') writeResults(outDir, { ...previous, workspace: await benchPageWorkspace(`http://127.0.0.1:${port}`, dir) });
    else writeResults(outDir, { ...previous, compression: await compressionBench(`http://127.0.0.1:${port}`, dir, server.pid!) });
  } finally {
    server?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

function writeResults(outDir: string, results: Results): void {
  mkdirSync(outDir, { recursive: true });
  // PSNR of identical pages is infinite, which JSON cannot hold as a number.
  writeFileSync(join(outDir, 'latest.json'), `${JSON.stringify(results, (_, v) => (v === Infinity ? 'Infinity' : v), 2)}\n`);
  writeFileSync(join(outDir, 'latest.md'), markdown(results));
  console.log(`\nWrote docs/bench/latest.json and docs/bench/latest.md`);
}

/** The pipeline the large-file table runs. */
const MERGE_THEN_ROTATE = JSON.stringify({
  name: 'Merge and turn',
  pipeline: [
    { operation: '/api/v1/general/merge-pdfs', parameters: {} },
    { operation: '/api/v1/general/rotate-pdf', parameters: { angle: 90 } },
  ],
});

async function main(): Promise<void> {
  if (ONLY) return onlySection(ONLY);
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-'));
  const port = 18000 + Math.floor(Math.random() * 1000);
  let server: ChildProcess | undefined;
  try {
    const big = join(dir, 'big.pdf');
    // Two different files, as a visitor uploads: given one path twice, qpdf shares the
    // streams of the repeated pages and writes half the bytes, an unfairly cheap baseline.
    const halves = [join(dir, 'half-a.pdf'), join(dir, 'half-b.pdf')];
    const small = join(dir, 'small.pdf');
    const medium = join(dir, 'medium.pdf');
    console.log('Generating test files...');
    await writeLargePdf(big, 600, Math.floor((600 * SCALE * MB) / 600));
    for (const half of halves) await writeLargePdf(half, 300, Math.floor((150 * SCALE * MB) / 300));
    await writeLargePdf(small, 5, 20_000);
    await writeLargePdf(medium, 40, 50_000);

    const { child, startupMs } = await startServer(dir, port);
    server = child;
    const pid = child.pid!;
    await new Promise((r) => setTimeout(r, 500));
    const idleMb = rssMb(pid);
    console.log(`start-up ${startupMs} ms, idle ${idleMb.toFixed(0)} MB`);

    const out = join(dir, 'out.pdf');
    const rawOut = join(dir, 'raw-out.pdf');
    const api = `http://127.0.0.1:${port}`;
    const sink = await startTransferSink(join(dir, 'sink-upload'));
    const large: LargeFileRow[] = [];
    try {
      for (const job of [
        {
          name: `merge 2 × ${Math.round(statSync(halves[0]).size / MB)} MB`,
          request: (base: string) => curl(base, '/api/v1/general/merge-pdfs', halves, {}, out),
          raw: () => qpdf(['--stream-data=preserve', '--empty', '--pages', halves[0], '1-z', halves[1], '1-z', '--', rawOut]),
        },
        {
          // Two steps in one request, the files staying on disk between them: the same two qpdf runs are the baseline.
          name: `pipeline merge → rotate, 2 × ${Math.round(statSync(halves[0]).size / MB)} MB`,
          request: (base: string) => curl(base, '/api/v1/pipeline/handleData', halves, { json: MERGE_THEN_ROTATE }, out),
          raw: async () => {
            const merged = join(dir, 'raw-merged.pdf');
            await qpdf(['--stream-data=preserve', '--empty', '--pages', halves[0], '1-z', halves[1], '1-z', '--', merged]);
            await qpdf(['--stream-data=preserve', '--rotate=+90', merged, rawOut]);
          },
        },
        {
          name: `one page out of ${Math.round(statSync(big).size / MB)} MB`,
          request: (base: string) => curl(base, '/api/v1/general/rearrange-pages', [big], { pageRange: 'custom', startPage: '300', endPage: '300' }, out),
          raw: () => qpdf(['--stream-data=preserve', '--empty', '--pages', big, '300', '--', rawOut]),
        },
      ]) {
        // Disk write-back makes single runs of a 300 MB job vary by half a second: each figure is the median of three.
        const served = await medianOf(3, () => sample(pid, () => job.request(api)));
        if (served.result !== 200) throw new Error(`${job.name}: HTTP ${served.result}`);
        const raw = await medianOf(3, () => sample(process.pid, job.raw));
        // The same bytes in and out over loopback, nothing processed (the reply is the job's own output).
        sink.replyWith(rawOut);
        const transfer = await medianOf(3, () => sample(process.pid, () => job.request(sink.url)));
        const serverSeconds = Math.max(0, served.seconds - transfer.seconds);
        const row = {
          job: job.name,
          apiSeconds: round(served.seconds),
          rawQpdfSeconds: round(raw.seconds),
          ratio: round(served.seconds / raw.seconds),
          transferSeconds: round(transfer.seconds),
          serverSeconds: round(serverSeconds),
          serverRatio: round(serverSeconds / raw.seconds),
          serverPeakMb: round(served.peakMb, 0),
          enginePeakMb: round(served.childPeakMb, 0),
          rawQpdfPeakMb: round(raw.childPeakMb, 0),
        };
        console.log(row);
        large.push(row);
      }
    } finally {
      await sink.close();
    }

    const beforeLoadMb = rssMb(pid);
    const load = await sample(pid, () => mixedLoad(port, { small: readFileSync(small), medium: readFileSync(medium) }));
    const afterLoadMb = rssMb(pid);
    const mixed = { ...load.result, serverMbBefore: round(beforeLoadMb, 0), serverMbPeak: round(load.peakMb, 0), serverMbAfter: round(afterLoadMb, 0) };
    console.log(mixed);

    const ocr = await benchOcr(port, pid, dir, 20, OCR_RUNS);
    console.log(ocr);

    const results: Results = {
      date: new Date().toISOString(),
      machine: `${execFileSync('nproc').toString().trim()} cores, node ${process.version}, qpdf ${execFileSync('qpdf', ['--version']).toString().split('\n')[0].replace('qpdf version ', '')}`,
      startupMs,
      idleMb: round(idleMb, 0),
      largeFiles: large,
      mixedLoad: mixed,
      ocr,
      compression: await compressionBench(api, dir, pid),
      jobs: await benchJobs(dir, { small: readFileSync(small), medium: readFileSync(medium) }),
      text: await benchTextExtraction(api, dir),
      workspace: await benchPageWorkspace(api, dir),
    };
    writeResults(join(REPO, 'docs/bench'), results);
  } finally {
    server?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

interface LargeFileRow {
  job: string;
  /** Whole request through the API: upload, processing, download. */
  apiSeconds: number;
  rawQpdfSeconds: number;
  ratio: number;
  /** The same bytes up and down over loopback HTTP with nothing processed. */
  transferSeconds: number;
  /** API time less transfer: what the server spends on the job, engine included. */
  serverSeconds: number;
  serverRatio: number;
  serverPeakMb: number;
  enginePeakMb: number;
}

interface Results {
  date: string;
  machine: string;
  startupMs: number;
  idleMb: number;
  largeFiles: LargeFileRow[];
  mixedLoad: Awaited<ReturnType<typeof mixedLoad>> & { serverMbBefore: number; serverMbPeak: number; serverMbAfter: number };
  /** Absent from results written before the OCR section existed. */
  ocr?: OcrRow;
  compression?: CompressionResults;
  jobs?: JobsBench;
  /** Absent from results written before the page workspace existed. */
  workspace?: WorkspaceBench;
  text?: TextRow[];
}

/** The jobs section's inputs alone (the mixed load's small and medium PDFs). */
async function jobInputs(dir: string): Promise<{ small: Buffer; medium: Buffer }> {
  const small = join(dir, 'small.pdf');
  const medium = join(dir, 'medium.pdf');
  await writeLargePdf(small, 5, 20_000);
  await writeLargePdf(medium, 40, 50_000);
  return { small: readFileSync(small), medium: readFileSync(medium) };
}

function markdown(r: Results): string {
  const m = r.mixedLoad;
  return [
    `# Benchmark (${r.date.slice(0, 10)}, ${r.machine})`,
    '',
    `Start-up ${r.startupMs} ms; idle memory ${r.idleMb} MB.`,
    '',
    'API is the whole request (upload, work, download); transfer is the same bytes up and down over loopback HTTP to a bare',
    'server that does nothing with them; server is API less transfer, the time Folio itself spends, engine included.',
    '',
    '| Large file job | API (s) | raw qpdf (s) | API ÷ raw | transfer (s) | server (s) | server ÷ raw | server peak (MB) | engine peak (MB) |',
    '|---|---|---|---|---|---|---|---|---|',
    ...r.largeFiles.map(
      (l) =>
        `| ${l.job} | ${l.apiSeconds} | ${l.rawQpdfSeconds} | ${l.ratio}× | ${l.transferSeconds} | ${l.serverSeconds} | ${l.serverRatio}× | ${l.serverPeakMb} | ${l.enginePeakMb} |`,
    ),
    '',
    `Mixed load: ${m.requests} requests from ${m.clients} clients (merge, rotate, split, Markdown to PDF) in ${m.seconds} s: ` +
      `${m.throughputPerSecond} req/s, p50 ${m.p50Ms} ms, p95 ${m.p95Ms} ms, p99 ${m.p99Ms} ms; ` +
      `${m.tooManyRequests} × 429, ${m.otherFailures} other failures; server memory ${m.serverMbBefore} → peak ${m.serverMbPeak} → ${m.serverMbAfter} MB.`,
    '',
    ...(r.ocr ? ocrMarkdown(r.ocr) : []),
    ...(r.compression ? ['', compressionMarkdown(r.compression)] : []),
    ...(r.jobs ? ['', jobsMarkdown(r.jobs)] : []),
    ...(r.workspace ? ['', workspaceMarkdown(r.workspace)] : []),
    ...(r.text ? ['', textExtractionMarkdown(r.text)] : []),
  ].join('\n');
}

function jobsMarkdown(j: JobsBench): string {
  return [
    '## Jobs: scaling out on Redis',
    '',
    `Workload: ${j.workload}, sent synchronously to one API node (FOLIO_ROLE=api) with workers on the same machine.`,
    '',
    '| | jobs per minute |',
    '|---|---|',
    `| 1 worker | ${j.jobsPerMinuteOneWorker} |`,
    `| 2 workers | ${j.jobsPerMinuteTwoWorkers} |`,
    '',
    `A small job (Rotate of a 5-page PDF, one at a time), p50: embedded ${j.smallJobP50MsEmbedded} ms, through Redis ${j.smallJobP50MsRedis} ms: ` +
      `${j.redisOverheadP50Ms} ms for the queue, the shared folder and the extra process.`,
  ].join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
