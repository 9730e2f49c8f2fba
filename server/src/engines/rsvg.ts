import { EngineFailedError, runProcess, type EngineOptions } from './process';

/**
 * librsvg's rsvg-convert (librsvg2-bin): an SVG drawn as a one-page PDF of
 * vectors (cairo), the page the drawing's own size at 72 dpi, so one CSS pixel
 * is one point (`100mm` stays 100 mm). librsvg loads no address and only files
 * beside the SVG; callers also hand it a file cleaned of outside references
 * (engines/svg-clean.ts), alone in a folder of its own, and the sandbox has no
 * network.
 */

const RSVG = 'rsvg-convert';

/**
 * librsvg's complaint without the file's path (a job folder's name is nobody's
 * business), as a phrase: 'exceeded more than 500000 referenced elements'.
 */
function reason(stderr: string, input: string): string {
  const line = stderr.trim().split('\n')[0] ?? '';
  const text = line.split(`Error rendering SVG ${input}: `).join('').split(` ${input}`).join('').split(input).join('the file').trim().replace(/\.$/, '');
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** librsvg could not draw the file. */
export class SvgRenderError extends Error {
  constructor(readonly detail: string) {
    super(`librsvg could not draw the SVG: ${detail}`);
    this.name = 'SvgRenderError';
  }
}

export async function svgToPdf(input: string, output: string, options: EngineOptions): Promise<void> {
  try {
    await runProcess(RSVG, ['--format=pdf', '--dpi-x=72', '--dpi-y=72', `--output=${output}`, input], options);
  } catch (error) {
    if (error instanceof EngineFailedError) throw new SvgRenderError(reason(error.stderr, input) || `exit ${error.exitCode}`);
    throw error;
  }
}
