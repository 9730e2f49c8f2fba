import { stat } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import { compressWithPdfwrite, PdfRewriteError } from '../../engines/ghostscript';
import { DeadlineExceededError, JobAbortedError } from '../../engines/limiter';
import { compareWithReference, type CandidateCheck, type Comparison } from '../../engines/pdf-compress';
import { anySignal, EngineCrashedError, EngineFailedError, EngineStalledError, type EngineOptions } from '../../engines/process';
import type { Workspace } from '../../workspace/workspace';
import { LEVELS, looksBar, PDFWRITE_RIVALS, type LevelSettings } from './compression-levels';
import type { Built, Compressor } from './compressor';

const logger = new Logger('Compress');

/** Who made a candidate: our recoder, Ghostscript's pdfwrite at the level's preset, or qpdf's lossless rewrite. */
export type Method = 'folio' | 'ghostscript' | 'qpdf';

export interface Candidate extends Built {
  method: Method;
}

/** What one level's run ends with. */
export interface Choice {
  /** The candidate to answer with; absent when the upload itself is the answer (nothing smaller, nothing damaged). */
  chosen?: Candidate;
  /** The upload was damaged (its structure had to be rebuilt): it never comes back as it was. */
  repaired: boolean;
}

interface Upload {
  path: string;
  size: number;
  pages: number;
}

/**
 * How long Ghostscript's candidate is waited for once ours is made: a quarter of the time ours
 * took (at least half a second). Past that it is given up: where pdfwrite is slower than our
 * pass (long TeX manuals, large fonts) it did not win once on the real-world corpus (it wrote
 * 1.3 to 1.9 times the upload's size there), and waiting for it doubled the job's time.
 */
const rivalGrace = (oursMs: number) => Math.max(500, oursMs / 4);

/**
 * Compress PDF at one level, best of several: our recoder at the level and,
 * for the lossy levels, Ghostscript's pdfwrite at the matching preset, made at
 * the same time (Ghostscript waited for only `rivalGrace` after ours). One
 * Python process (the session) makes our pass, reads the upload for the
 * comparison meanwhile, and then checks the candidates against it, smallest
 * first (text, links, bookmarks, fields, attachments, metadata kept; sampled
 * pages drawn alike within the level's bar): the first that passes wins. When
 * none does, our lossless level 3 is tried the same way. A damaged upload comes
 * back repaired even when no candidate is smaller: the smallest that passes,
 * else qpdf's rewrite.
 */
export async function chooseAtLevel(
  upload: Upload,
  /** The compressor's base file being written from the upload: our pass waits for it, Ghostscript does not. */
  baseWritten: Promise<void>,
  level: LevelSettings,
  compressor: Compressor,
  workspace: Workspace,
  engine: EngineOptions,
  /** Pictures are to change on request (greyscale, line art): only ours does that, and the pages' looks are not compared. */
  picturesChange = false,
): Promise<Choice> {
  const rival = picturesChange ? undefined : PDFWRITE_RIVALS[level.level];
  const bar = picturesChange ? { ...looksBar(level.level), minSsim: 0, minPsnr: 0 } : looksBar(level.level);
  const started = Date.now();
  const givenUp = new AbortController();
  const pdfwrite = rival
    ? ghostscript(upload, rival, workspace, { ...engine, signal: anySignal(engine.signal, givenUp.signal) }, givenUp.signal)
    : Promise.resolve(undefined);
  try {
    await baseWritten;
  } catch (error) {
    givenUp.abort();
    await pdfwrite.catch(() => undefined);
    throw error;
  }
  const reference = { path: upload.path, cache: workspace.newPath('-reference'), pages: upload.pages };
  const session = compressor.startSession(level, reference, bar);
  let first: Choice;
  try {
    let ours: Candidate;
    try {
      ours = { ...(await compressor.fromPass(await session.pass, level)), method: 'folio' };
    } catch (error) {
      givenUp.abort();
      await pdfwrite.catch(() => undefined);
      throw error;
    }
    const oursMs = Date.now() - started;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((done) => (timer = setTimeout(() => done(undefined), rivalGrace(oursMs))));
    const theirs = await Promise.race([pdfwrite, late]);
    clearTimeout(timer);
    if (theirs === undefined && rival) {
      givenUp.abort();
      await pdfwrite.catch(() => undefined);
    }
    first = await pickFirstPassing(upload, [ours, theirs], true, (candidates) =>
      session.compare({ candidates, bar, firstPass: true, uploadSize: upload.size }),
    );
  } finally {
    await session.close();
  }
  if (first.chosen || level.level <= 3 || picturesChange) return finish(first, compressor);

  // Nothing lossy passed: the lossless forms, which show every page as it was.
  const lossless = await compressor.atLevel(LEVELS[3]).then((built): Candidate => ({ ...built, method: 'folio' }));
  const options = { firstPass: true, pages: upload.pages, cache: reference.cache, uploadSize: upload.size };
  const second = await pickFirstPassing(upload, [lossless], false, (candidates) =>
    compareWithReference(upload.path, candidates, looksBar(3), options, workspace, engine),
  );
  return finish({ chosen: second.chosen, repaired: first.repaired || second.repaired }, compressor);
}

/** The smallest of `candidates` that passes `check` (only those smaller than the upload, unless it is damaged). */
async function pickFirstPassing(
  upload: Upload,
  candidates: readonly (Candidate | undefined)[],
  alwaysCompare: boolean,
  /** The candidates' paths, smallest first, checked against the upload. */
  check: (paths: string[]) => Promise<Comparison>,
): Promise<Choice> {
  const ordered = candidates.filter((c): c is Candidate => c !== undefined).sort((a, b) => a.size - b.size);
  const smaller = ordered.filter((c) => c.size < upload.size);
  // Whether the upload is damaged is known only from the comparison: it runs even when nothing is smaller.
  if (smaller.length === 0 && !alwaysCompare) return { repaired: false };
  let comparison: Comparison;
  try {
    comparison = await check(ordered.map((c) => c.path));
  } catch (error) {
    // A file the checker cannot read through (MuPDF failing on a damaged structure) has no candidate
    // it can vouch for: the upload comes back as it was rather than something unchecked.
    if (!(error instanceof EngineFailedError || error instanceof EngineCrashedError || error instanceof EngineStalledError)) throw error;
    logger.warn(`Compression candidates left unchecked, the upload is kept: ${error.message}`);
    return { repaired: false };
  }
  const repaired = comparison.referenceRepaired;
  const passed = comparison.results.find((r: CandidateCheck) => r.passed);
  const chosen = passed ? ordered.find((c) => c.path === passed.path) : undefined;
  if (chosen && (chosen.size < upload.size || repaired)) return { chosen, repaired };
  return { repaired };
}

/** A damaged upload with no candidate that passed: qpdf's rewrite, the repair any reader would make. */
async function finish(choice: Choice, compressor: Compressor): Promise<Choice> {
  if (choice.chosen || !choice.repaired) return choice;
  return { chosen: { ...(await compressor.rewrite()), method: 'qpdf' }, repaired: true };
}

/**
 * Ghostscript's candidate, or none when it cannot read the file, gives up, or is given up on
 * (`givenUp`); the job's own time limit and its client going away still end the job.
 */
async function ghostscript(
  upload: Upload,
  rival: (typeof PDFWRITE_RIVALS)[number],
  workspace: Workspace,
  engine: EngineOptions,
  givenUp: AbortSignal,
): Promise<Candidate | undefined> {
  const path = workspace.newPath('.pdf');
  try {
    // Beside our pass, not in its way: it has the cores our pass leaves idle, and seldom wins.
    await compressWithPdfwrite(upload.path, path, rival.preset, upload.pages, { ...engine, background: true }, rival.dpi);
  } catch (error) {
    if (error instanceof JobAbortedError && givenUp.aborted) return undefined;
    if (error instanceof DeadlineExceededError || error instanceof JobAbortedError) throw error;
    // A stalled or crashed Ghostscript costs only its candidate.
    if (!(error instanceof PdfRewriteError)) logger.warn(`Ghostscript candidate dropped: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  return { path, size: (await stat(path)).size, method: 'ghostscript' };
}
