import { writeFile } from 'node:fs/promises';
import { engineScript } from './engine-scripts';
import { pageWatchdog, runProcess, type EngineOptions, type ScratchFiles } from './process';

/**
 * QR codes read from page pictures by OpenCV's WeChat QR reader (Debian's
 * python3-opencv), driven by a script kept with the server
 * (server/src/engines/qr-codes.py), which says why this reader and how each
 * picture is cleaned before it is searched.
 */

const PYTHON = '/usr/bin/python3';
/** Reaches the program from src/engines (tests, ts-jest) and dist/engines (built server) alike. */
const PROGRAM = engineScript('qr-codes.py');

/**
 * Longest one picture may be searched. A clean page takes well under a second,
 * a speckled 150 DPI scan about one; a page of heavy noise can keep the finder
 * busy for tens of seconds, and is then reported as `timedOut`.
 */
export const QR_PAGE_SECONDS = 5;

/** What was found on one picture. */
export interface QrCodesFound {
  /** The decoded texts of the codes on it, in no particular order. */
  texts: string[];
  /** The search was stopped at its time limit. */
  timedOut: boolean;
}

/** Reads the QR codes on each of `images` (grey PGM files in the job's folder), in order. */
export async function readQrCodes(images: readonly string[], workspace: ScratchFiles, options: EngineOptions): Promise<QrCodesFound[]> {
  if (images.length === 0) return [];
  const jobFile = workspace.newPath('.json');
  await writeFile(jobFile, JSON.stringify({ images, pageSeconds: QR_PAGE_SECONDS }));
  const { stdout } = await runProcess(PYTHON, ['-I', '-B', PROGRAM, jobFile], {
    ...options,
    readable: [PROGRAM],
    watchdogMs: pageWatchdog(images.length),
  });
  const { pages } = JSON.parse(stdout) as { pages: QrCodesFound[] };
  if (pages.length !== images.length) throw new Error(`qr-codes.py answered for ${pages.length} of ${images.length} pictures.`);
  return pages;
}
