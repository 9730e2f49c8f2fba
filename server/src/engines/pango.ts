import { existsSync } from 'node:fs';
import { engineScript } from './engine-scripts';
import { writeFile } from 'node:fs/promises';
import { pageWatchdog, runProcess, type EngineOptions } from './process';

/**
 * Pango (with HarfBuzz, FriBidi and fontconfig, through PangoCairo), for text
 * that has to be drawn right in any script: Arabic letters joined and laid
 * right to left, Thai and Indic marks placed, CJK from its own fonts, and a
 * character the chosen font lacks taken from another installed font. A small
 * Python program (server/src/engines/pango-text.py) writes every block of one job
 * as a page of one PDF, so a hundred different stamps share one font subset
 * and one process. The text stays real text: it can be selected and searched.
 */

/** Reaches the program from src/engines (tests, ts-jest) and dist/engines (built server) alike. */
const PROGRAM = engineScript('pango-text.py');
const PYTHON = '/usr/bin/python3';
/** Blocks one run may draw before its watchdog counts another page's time. */
const BLOCKS_PER_PAGE_TIME = 200;

/** One block of text, in one style. */
export interface TextBlock {
  /** Lines separated by '\n'. */
  text: string;
  /** A fontconfig family. e.g. 'Noto Sans Arabic' */
  family: string;
  /** A language tag, which picks regional glyph forms (Japanese or Chinese Han). e.g. 'ja' */
  language?: string;
  /** Points. */
  size: number;
  /** Red, green and blue, 0 to 1. */
  colour: readonly [number, number, number];
  /** How lines of different widths line up. */
  align: 'left' | 'center' | 'right';
}

/** Where a block landed on its page, in points (PDF coordinates: origin lower-left). */
export interface TextBlockMetrics {
  /** The logical box: advance widths and line heights, the box layout works with. */
  width: number;
  height: number;
  /** The logical box's lower-left corner on the block's page (ink may reach past it; the page holds both). */
  left: number;
  bottom: number;
  /** The first line's baseline, below the logical box's top. */
  baseline: number;
  pageWidth: number;
  pageHeight: number;
  /** Characters no installed font has, as 'U+1F600'; drawn as boxes. */
  missing: string[];
}

/**
 * Writes `blocks` as the pages of `output`, one page each in order, and answers
 * their metrics. `jobFile` is where the request for the program is written
 * (inside the job's folder): the texts never travel on a command line.
 */
export async function renderTextBlocks(blocks: readonly TextBlock[], output: string, jobFile: string, options: EngineOptions): Promise<TextBlockMetrics[]> {
  if (!existsSync(PROGRAM)) throw new Error(`The text renderer is missing at ${PROGRAM}`);
  await writeFile(jobFile, JSON.stringify({ output, blocks }));
  const { stdout } = await runProcess(PYTHON, ['-I', PROGRAM, jobFile], {
    ...options,
    readable: [PROGRAM],
    watchdogMs: pageWatchdog(Math.ceil(blocks.length / BLOCKS_PER_PAGE_TIME)),
  });
  const answer = JSON.parse(stdout) as { blocks: TextBlockMetrics[] };
  if (answer.blocks.length !== blocks.length) throw new Error(`The text renderer drew ${answer.blocks.length} of ${blocks.length} blocks.`);
  return answer.blocks;
}
