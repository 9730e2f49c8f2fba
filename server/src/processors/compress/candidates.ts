import { stat } from 'node:fs/promises';
import { Logger } from '@nestjs/common';
import { compressWithPdfwrite, PdfRewriteError } from '../../engines/ghostscript';
import { DeadlineExceededError, JobAbortedError } from '../../engines/limiter';
import { compareWithReference, type CandidateCheck } from '../../engines/pdf-compress';
import { EngineCrashedError, EngineFailedError, EngineStalledError, type EngineOptions } from '../../engines/process';
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
 * Compress PDF at one level, best of several: our recoder at the level and,
 * for the lossy levels, Ghostscript's pdfwrite at the matching preset, made at
 * the same time. Every candidate smaller than the upload is checked against
 * the upload, smallest first (pdf-compare.py: text, links, bookmarks, fields,
 * attachments, metadata kept; sampled pages drawn alike within the level's
 * bar), and the first that passes wins. When none does, our lossless level 3
 * is tried the same way. A damaged upload comes back repaired even when no
 * candidate is smaller: the smallest that passes, else qpdf's rewrite.
 */
export async function chooseAtLevel(
  upload: Upload,
  level: LevelSettings,
  compressor: Compressor,
  workspace: Workspace,
  engine: EngineOptions,
  /** Pictures are to change on request (greyscale, line art): only ours does that, and the pages' looks are not compared. */
  picturesChange = false,
): Promise<Choice> {
  const rival = picturesChange ? undefined : PDFWRITE_RIVALS[level.level];
  const [ours, pdfwrite] = await Promise.all([
    compressor.atLevel(level).then((built): Candidate => ({ ...built, method: 'folio' })),
    rival ? ghostscript(upload, rival, workspace, engine) : undefined,
  ]);
  const bar = picturesChange ? { ...looksBar(level.level), minSsim: 0, minPsnr: 0 } : looksBar(level.level);
  const first = await pickFirstPassing(upload, [ours, pdfwrite], bar, workspace, engine, true);
  if (first.chosen || level.level <= 3 || picturesChange) return finish(first, compressor);

  // Nothing lossy passed: the lossless forms, which show every page as it was.
  const lossless = await compressor.atLevel(LEVELS[3]).then((built): Candidate => ({ ...built, method: 'folio' }));
  const second = await pickFirstPassing(upload, [lossless], looksBar(3), workspace, engine, false);
  return finish({ chosen: second.chosen, repaired: first.repaired || second.repaired }, compressor);
}

/** The smallest of `candidates` that passes (only those smaller than the upload, unless it is damaged). */
async function pickFirstPassing(
  upload: Upload,
  candidates: readonly (Candidate | undefined)[],
  bar: ReturnType<typeof looksBar>,
  workspace: Workspace,
  engine: EngineOptions,
  alwaysCompare: boolean,
): Promise<Choice> {
  const ordered = candidates.filter((c): c is Candidate => c !== undefined).sort((a, b) => a.size - b.size);
  const smaller = ordered.filter((c) => c.size < upload.size);
  // Whether the upload is damaged is known only from the comparison: it runs even when nothing is smaller.
  if (smaller.length === 0 && !alwaysCompare) return { repaired: false };
  let comparison: Awaited<ReturnType<typeof compareWithReference>>;
  try {
    comparison = await compareWithReference(upload.path, ordered.map((c) => c.path), bar, { firstPass: true, pages: upload.pages }, workspace, engine);
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

/** Ghostscript's candidate, or none when it cannot read the file or gives up (the job's own time limit still ends the job). */
async function ghostscript(upload: Upload, rival: (typeof PDFWRITE_RIVALS)[number], workspace: Workspace, engine: EngineOptions): Promise<Candidate | undefined> {
  const path = workspace.newPath('.pdf');
  try {
    await compressWithPdfwrite(upload.path, path, rival.preset, upload.pages, engine, rival.dpi);
  } catch (error) {
    if (error instanceof DeadlineExceededError || error instanceof JobAbortedError) throw error;
    // A stalled or crashed Ghostscript costs only its candidate.
    if (!(error instanceof PdfRewriteError)) logger.warn(`Ghostscript candidate dropped: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  return { path, size: (await stat(path)).size, method: 'ghostscript' };
}
