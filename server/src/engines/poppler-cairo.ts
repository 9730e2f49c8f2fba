import { runPoppler } from './poppler';
import { pageWatchdog, type EngineOptions } from './process';

/**
 * Poppler's reading of a PDF drawn into a new one by its Cairo back end
 * (`pdftocairo -pdf`): Poppler reconstructs a broken cross-reference table its
 * own way, and each page is drawn from what its content still holds (text
 * stays text). Bookmarks, links and forms are not carried over.
 */
export async function redrawWithPoppler(input: string, output: string, pages: number, options: EngineOptions): Promise<void> {
  await runPoppler('pdftocairo', ['-pdf', input, output], { ...options, watchdogMs: pageWatchdog(pages) });
}
