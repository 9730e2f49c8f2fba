/**
 * `npm run bench`: merge, rotate and split on large generated PDFs, through the
 * real server over HTTP (curl streams the uploads). Reports wall time and peak
 * resident memory of the server process and of its engine child processes.
 */
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { writeLargePdf } from './large-pdf';

const REPO = resolve(__dirname, '../..');
const PORT = 18000 + Math.floor(Math.random() * 1000);
const MB = 1024 * 1024;

function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

function children(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

async function measure(label: string, serverPid: number, work: () => Promise<void>) {
  let serverPeak = rssKb(serverPid);
  let enginePeak = 0;
  const timer = setInterval(() => {
    serverPeak = Math.max(serverPeak, rssKb(serverPid));
    for (const child of children(serverPid)) enginePeak = Math.max(enginePeak, rssKb(child));
  }, 20);
  const started = process.hrtime.bigint();
  await work();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(timer);
  console.log(`${label.padEnd(44)} ${seconds.toFixed(2).padStart(7)} s   server peak ${(serverPeak / 1024).toFixed(0).padStart(5)} MB   engine peak ${(enginePeak / 1024).toFixed(0).padStart(5)} MB`);
}

function curl(endpoint: string, files: string[], fields: Record<string, string>, output: string): Promise<void> {
  const args = ['-sS', '-f', '-o', output, ...files.flatMap((f) => ['-F', `fileInput=@${f};type=application/pdf`]), ...Object.entries(fields).flatMap(([k, v]) => ['-F', `${k}=${v}`]), `http://127.0.0.1:${PORT}${endpoint}`];
  return new Promise((done, fail) => {
    const child = spawn('curl', args, { stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`curl exited ${code} for ${endpoint}`))));
  });
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/v1/info/status`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function main(): Promise<void> {
  const sizeMb = Number(process.env.BENCH_SIZE_MB ?? 500);
  const dir = mkdtempSync(join(tmpdir(), 'folio-bench-'));
  const server = spawn('node', [join(REPO, 'server/dist/main.js')], {
    env: { ...process.env, PORT: String(PORT), FOLIO_WORK_DIR: join(dir, 'work'), FOLIO_DATA_DIR: join(dir, 'data'), FOLIO_MAX_UPLOAD_MB: '2000', FOLIO_MAX_REQUEST_MB: '4000' },
    stdio: 'ignore',
  });
  try {
    const pages = 200;
    const half = join(dir, 'half.pdf');
    const whole = join(dir, 'whole.pdf');
    console.log(`Generating ${sizeMb / 2} MB and ${sizeMb} MB PDFs (${pages} pages each)...`);
    await writeLargePdf(half, pages, Math.floor((sizeMb / 2) * MB / pages));
    await writeLargePdf(whole, pages, Math.floor(sizeMb * MB / pages));
    await waitForServer();
    const pid = server.pid!;
    const out = join(dir, 'out');

    await measure(`merge 2 x ${sizeMb / 2} MB`, pid, () => curl('/api/v1/general/merge-pdfs', [half, half], {}, out));
    console.log(`  result ${(statSync(out).size / MB).toFixed(0)} MB, ${execFileSync('qpdf', ['--show-npages', out]).toString().trim()} pages`);
    await measure(`rotate ${sizeMb} MB by 90`, pid, () => curl('/api/v1/general/rotate-pdf', [whole], { angle: '90' }, out));
    await measure(`split ${sizeMb} MB into 10 parts (20n)`, pid, () => curl('/api/v1/general/split-pages', [whole], { pageNumbers: '20n' }, out));
    console.log(`  result ${(statSync(out).size / MB).toFixed(0)} MB ZIP`);
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
