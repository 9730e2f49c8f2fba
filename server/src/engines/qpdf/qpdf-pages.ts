import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PdfCorruptedError } from '../pdf-errors';
import { runProcess, type EngineOptions } from '../process';
import { makeEngineFolder } from '../confinement';
import { OK, PRESERVE_STREAMS, type PasswordFile, QPDF, classify, passwordArgs, run } from './qpdf-process';

/**
 * qpdf's page work: count, select, reorder, rotate, merge, split, overlay, all
 * without decoding content streams, so memory stays flat however large the file.
 * Outputs never keep the input's encryption (like the reference's loader).
 */

/** One input of an assembly: a file and a qpdf page range of it. e.g. `{ path, range: '1-3,7' }` */
export interface PageSource {
  path: string;
  /** qpdf page-range syntax, 1-based; `1-z` is every page. */
  range: string;
}

/** Page count of a PDF; throws PdfPasswordError or PdfCorruptedError for unreadable input. */
export async function countPages(path: string, options: EngineOptions, password?: PasswordFile): Promise<number> {
  try {
    const { stdout } = await runProcess(QPDF, ['--show-npages', ...passwordArgs(password), path], { ...options, okExitCodes: OK });
    const pages = Number(stdout.trim());
    if (!Number.isInteger(pages)) throw new PdfCorruptedError(undefined, 'no page count');
    return pages;
  } catch (error) {
    throw classify(error);
  }
}

/** Writes `output` made of the given page ranges, in order (merge, split, select, reorder). */
export async function assemblePages(output: string, sources: readonly PageSource[], options: EngineOptions): Promise<void> {
  const pageArgs = sources.flatMap((source) => [source.path, source.range]);
  await run([PRESERVE_STREAMS, '--empty', '--pages', ...pageArgs, '--', output], options);
}

/**
 * Writes one file per page range of `input` (0-based, inclusive, in order) into
 * `folder` and answers their paths in that order. Ranges of equal length that
 * follow each other are cut in one qpdf pass (`--split-pages`), so splitting a
 * 10,000-page document into single pages is one process, not 10,000.
 */
export async function splitIntoRanges(input: string, ranges: readonly [number, number][], folder: string, options: EngineOptions): Promise<string[]> {
  const groups: { first: number; last: number; length: number }[] = [];
  for (const [first, last] of ranges) {
    const length = last - first + 1;
    const group = groups[groups.length - 1];
    if (group && group.length === length && group.last + 1 === first) group.last = last;
    else groups.push({ first, last, length });
  }
  const parts: string[] = [];
  for (const [index, group] of groups.entries()) {
    const groupFolder = join(folder, `group-${index}`);
    await makeEngineFolder(groupFolder);
    await run(
      [
        PRESERVE_STREAMS,
        '--empty',
        '--pages',
        input,
        `${group.first + 1}-${group.last + 1}`,
        '--',
        `--split-pages=${group.length}`,
        join(groupFolder, 'part-%d.pdf'),
      ],
      options,
    );
    // qpdf pads the page numbers in the names to one width, so names sort in page order.
    parts.push(...(await readdir(groupFolder)).sort().map((name) => join(groupFolder, name)));
  }
  return parts;
}

/**
 * Writes `output` made of `input`'s pages in the order listed (1-based), each
 * as often as it is listed: a repeat is a copy of the page object sharing the
 * page's content and resources, so a page listed a hundred times adds a
 * hundred small dictionaries, not a hundred copies of its content. Only the
 * pages are kept (no document information or bookmarks), unless `keepDocument`:
 * then what `input`'s trailer and catalog hold stays, as the caller has pared
 * it down. `argumentFile` (in the job's folder) carries the page list, which
 * can be long.
 */
export async function repeatPages(
  input: string,
  pages: readonly number[],
  output: string,
  argumentFile: string,
  options: EngineOptions,
  keepDocument = false,
): Promise<void> {
  if (pages.length === 0) throw new Error('repeatPages: a PDF needs at least one page.');
  // Kept documents are written without object streams: qpdf 11.3 then ignored JSON updates to some page
  // objects it had packed into one (seen on the first page of a PDF written by pdf-lib); `--empty` writes none.
  const from = keepDocument ? [input, '--decrypt', '--object-streams=disable', '--pages', '.'] : ['--empty', '--pages', input];
  await writeFile(argumentFile, [PRESERVE_STREAMS, ...from, pages.join(','), '--', output].join('\n'));
  await run([`@${argumentFile}`], options);
}

/**
 * Like `splitIntoRanges`, but each part keeps what `input`'s trailer and
 * catalog hold (its document information, XMP, form), which the caller has
 * pared down to what every part should carry; one qpdf pass per part
 * (`--split-pages` would write the pages alone).
 */
export async function splitIntoRangesKeepingDocument(
  input: string,
  ranges: readonly [number, number][],
  folder: string,
  options: EngineOptions,
): Promise<string[]> {
  const parts: string[] = [];
  for (const [index, [first, last]] of ranges.entries()) {
    const part = join(folder, `part-${index + 1}.pdf`);
    await run([PRESERVE_STREAMS, input, '--decrypt', '--pages', '.', `${first + 1}-${last + 1}`, '--', part], options);
    parts.push(part);
  }
  return parts;
}

/**
 * Writes one file per page range of `input` (0-based, inclusive; in any order,
 * overlapping or repeated) into `folder` and answers their paths in the order
 * of `ranges`. Ranges of one length share qpdf passes: each pass assembles
 * ranges that share no page and cuts them apart again (`--split-pages`), so a
 * part comes out exactly as a cut of that range alone would (the same objects,
 * numbered alike). `argumentFile` (in the job's folder) carries the page
 * lists, which can be long.
 */
export async function cutRanges(
  input: string,
  ranges: readonly (readonly [number, number])[],
  folder: string,
  argumentFile: string,
  options: EngineOptions,
): Promise<string[]> {
  const paths: string[] = new Array(ranges.length);
  const byLength = new Map<number, number[]>();
  ranges.forEach(([first, last], index) => {
    const length = last - first + 1;
    if (length < 1) throw new Error(`cutRanges: range ${first}-${last} is empty.`);
    byLength.set(length, [...(byLength.get(length) ?? []), index]);
  });
  let pass = 0;
  for (const [length, indices] of byLength) {
    // Passes of ranges that share no page: a page met twice in one pass would be a copy, not the page itself.
    const passes: { end: number; members: number[] }[] = [];
    for (const index of [...indices].sort((a, b) => ranges[a][0] - ranges[b][0])) {
      const free = passes.find((p) => p.end < ranges[index][0]);
      if (free) {
        free.members.push(index);
        free.end = ranges[index][1];
      } else {
        passes.push({ end: ranges[index][1], members: [index] });
      }
    }
    for (const { members } of passes) {
      const passFolder = join(folder, `pass-${pass++}`);
      await makeEngineFolder(passFolder);
      const selection = members.map((index) => `${ranges[index][0] + 1}-${ranges[index][1] + 1}`).join(',');
      await writeFile(
        argumentFile,
        [PRESERVE_STREAMS, '--empty', '--pages', input, selection, '--', `--split-pages=${length}`, join(passFolder, 'part-%d.pdf')].join('\n'),
      );
      await run([`@${argumentFile}`], options);
      const written = (await readdir(passFolder)).sort();
      if (written.length !== members.length) throw new Error(`cutRanges: qpdf wrote ${written.length} parts for ${members.length} ranges.`);
      members.forEach((index, k) => (paths[index] = join(passFolder, written[k])));
    }
  }
  return paths;
}

/** One command-line argument may not exceed 128 KB (Linux MAX_ARG_STRLEN); long page lists are split below that. */
const MAX_RANGE_ARG = 32 * 1024;

/**
 * Writes `output` as `input` with its pages replaced by `ranges`, in order (a page
 * may repeat): the reorder, keep and remove operations. Unlike `assemblePages`,
 * what belongs to the document stays: metadata, bookmarks (moved with their
 * pages), page labels, and the form fields of the pages kept, as the reference's
 * in-place page-tree rebuild keeps them. `ranges` are qpdf ranges, 1-based,
 * e.g. ['3', '1-2', '9-5'].
 */
export async function selectPages(input: string, output: string, ranges: readonly string[], options: EngineOptions): Promise<void> {
  if (ranges.length === 0) throw new Error('selectPages: a PDF needs at least one page; refuse empty selections before calling.');
  const chunks: string[] = [];
  for (const range of ranges) {
    const last = chunks.length - 1;
    if (last >= 0 && chunks[last].length + range.length < MAX_RANGE_ARG) chunks[last] += `,${range}`;
    else chunks.push(range);
  }
  // '.' is the primary input; giving it once per chunk keeps every argument short.
  await run([PRESERVE_STREAMS, input, '--decrypt', '--pages', ...chunks.flatMap((chunk) => ['.', chunk]), '--', output], options);
}

/**
 * Rotates every page by `angle` degrees clockwise, on top of its current rotation.
 * Any multiple of 90 is accepted; qpdf stores the result normalised to 0–270.
 */
export async function rotatePages(input: string, output: string, angle: number, options: EngineOptions): Promise<void> {
  const quarterTurns = (((angle / 90) % 4) + 4) % 4;
  const rotate = quarterTurns === 0 ? [] : [`--rotate=+${quarterTurns * 90}`];
  await run([PRESERVE_STREAMS, input, '--decrypt', ...rotate, output], options);
}

/**
 * Writes `output` as `input` with pages of `overlay` drawn on top of some of its
 * pages: target page `targets[i]` gets overlay page `sources[i]` (both 1-based;
 * an overlay page may serve many targets). qpdf makes each overlay page a form
 * XObject once, fits it to the target's trim box (undoing the target's /Rotate,
 * so it shows upright) and appends one content stream per page: no content is
 * decoded or re-rendered, and everything else in the document stays.
 * `argumentFile` (in the job's folder) carries the page lists, which can be long.
 */
export async function overlayPages(
  input: string,
  overlay: string,
  output: string,
  pairs: { targets: readonly number[]; sources: readonly number[] },
  argumentFile: string,
  options: EngineOptions,
): Promise<void> {
  await layerPages('overlay', input, overlay, output, pairs, argumentFile, options);
}

/**
 * `overlayPages`, or with `'underlay'` the pages of `layer` drawn beneath the
 * target pages' own content (the target's opaque content hides them).
 */
export async function layerPages(
  position: 'overlay' | 'underlay',
  input: string,
  layer: string,
  output: string,
  pairs: { targets: readonly number[]; sources: readonly number[] },
  argumentFile: string,
  options: EngineOptions,
): Promise<void> {
  if (pairs.targets.length === 0 || pairs.targets.length !== pairs.sources.length)
    throw new Error('layerPages: one source page per target page, at least one.');
  const list = (pages: readonly number[]) => pages.join(',');
  await writeFile(
    argumentFile,
    [PRESERVE_STREAMS, input, '--decrypt', `--${position}`, layer, `--to=${list(pairs.targets)}`, `--from=${list(pairs.sources)}`, '--', output].join('\n'),
  );
  await run([`@${argumentFile}`], options);
}
