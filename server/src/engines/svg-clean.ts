import { engineScript } from './engine-scripts';
import { runProcess, type EngineOptions } from './process';

/**
 * An uploaded SVG with every reference to something outside it taken out
 * (server/src/engines/svg-clean.py, Python's expat parser): links to other files
 * and addresses, XInclude, stylesheets, CSS imports and `url()`s. What is left
 * can be drawn from the file alone; a renderer given it has nothing to fetch.
 */

const PYTHON = '/usr/bin/python3';
/** Reaches the program from src/engines (tests, ts-jest) and dist/engines (built server) alike. */
const PROGRAM = engineScript('svg-clean.py');

/** The file is not an SVG the parser can read: not well-formed XML, no <svg> root, or external entities. */
export class UnreadableSvgError extends Error {
  constructor(readonly reason: string) {
    super(`The SVG could not be read: ${reason}`);
    this.name = 'UnreadableSvgError';
  }
}

type Answer = { removed: number; error?: undefined } | { error: 'unreadable'; reason: string };

/** Writes `input` to `output` without outside references; answers how many were taken out. */
export async function cleanSvg(input: string, output: string, options: EngineOptions): Promise<{ removed: number }> {
  const { stdout } = await runProcess(PYTHON, ['-I', '-B', PROGRAM, input, output], { ...options, readable: [PROGRAM], okExitCodes: [0, 2] });
  const answer = JSON.parse(stdout) as Answer;
  if (answer.error) throw new UnreadableSvgError(answer.reason);
  return { removed: answer.removed };
}
