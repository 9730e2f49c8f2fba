/**
 * The real-world compression corpus alone (issue 31), in minutes rather than the whole
 * compression section's hour: `npm run build && npx tsc -p server/bench && node
 * server/dist-bench/compression-corpus-run.js`. Compress PDF at levels 3, 4, 5, 7 and 9 (the
 * lossless level and the lossy ones, whose settings step down; BENCH_CORPUS_LEVELS, e.g. "5,9"
 * for a quicker look) against Ghostscript's /screen, /ebook and
 * /printer and qpdf, on a fresh server; its figures replace the corpus of
 * docs/bench/latest.json, and the compression section of docs/bench/latest.md is
 * written again from them (the other sections are left as they are).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compressionMarkdown, measureCorpus, type CompressionResults } from './compression';

const REPO = resolve(__dirname, '../..');
const LEVELS = (process.env.BENCH_CORPUS_LEVELS ?? '3,4,5,7,9').split(',').map(Number);

async function startServer(dir: string, port: number): Promise<ChildProcess> {
  const child = spawn('node', [join(REPO, 'server/dist/main.js')], {
    env: { ...process.env, PORT: String(port), FOLIO_WORK_DIR: join(dir, 'work'), FOLIO_DATA_DIR: join(dir, 'data'), FOLIO_MAX_UPLOAD_MB: '2000' },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/v1/info/status`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGTERM');
  throw new Error('server did not start');
}

/** `markdown` with its `## Compression` section (up to the next `## `) replaced by `section`. */
export function replaceSection(markdown: string, section: string): string {
  const start = markdown.indexOf('\n## Compression');
  if (start < 0) return `${markdown.trimEnd()}\n\n${section}\n`;
  const next = markdown.indexOf('\n## ', start + 1);
  return `${markdown.slice(0, start + 1)}${section}\n${next < 0 ? '' : markdown.slice(next)}`;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'folio-corpus-bench-'));
  const port = 18000 + Math.floor(Math.random() * 1000);
  let server: ChildProcess | undefined;
  try {
    server = await startServer(dir, port);
    const corpus = await measureCorpus(`http://127.0.0.1:${port}`, dir, LEVELS);
    const jsonPath = join(REPO, 'docs/bench/latest.json');
    const mdPath = join(REPO, 'docs/bench/latest.md');
    // Read only now: other sections may have been written meanwhile.
    const results = JSON.parse(readFileSync(jsonPath, 'utf8')) as { compression?: CompressionResults };
    const compression: CompressionResults = { date: new Date().toISOString(), files: [], ...results.compression, corpus, corpusDate: new Date().toISOString() };
    writeFileSync(jsonPath, `${JSON.stringify({ ...results, compression }, (_, v) => (v === Infinity ? 'Infinity' : v), 2)}\n`);
    writeFileSync(mdPath, replaceSection(readFileSync(mdPath, 'utf8'), compressionMarkdown(compression)));
    console.log('\nWrote the corpus into docs/bench/latest.json and docs/bench/latest.md');
  } finally {
    server?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
