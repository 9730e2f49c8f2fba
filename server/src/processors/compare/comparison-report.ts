import type { ReportMark, ReportRequest, ReportSheet } from '../../engines/page-differences';
import { DIFFERENCE_COLOURS, type Comparison, type DifferenceKind } from '@folio/registry';
import { parseHexColour, type Rgb } from '../../page-marks/colours';

/** Outline colours, channels 0–1: the kit's, which the page's view shows too. */
const KIND_COLOURS = Object.fromEntries(Object.entries(DIFFERENCE_COLOURS).map(([kind, hex]) => [kind, parseHexColour(hex, 'colour')])) as Record<
  DifferenceKind,
  Rgb
>;

const LEGEND: ReportRequest['legend'] = [
  ['Inserted', KIND_COLOURS.inserted],
  ['Deleted', KIND_COLOURS.deleted],
  ['Changed', KIND_COLOURS.changed],
  ['Visual', KIND_COLOURS.visual],
];

/**
 * The report's content: the summary in lines, then one sheet per changed page
 * number, page n of each document side by side with its differences outlined.
 */
export function comparisonReport(comparison: Comparison, originalName: string, changedName: string): ReportRequest {
  const { summary } = comparison;
  const lines = [
    'PDF comparison',
    `Original: ${latin1(originalName)} (${summary.pageCounts.original} pages)`,
    `Changed: ${latin1(changedName)} (${summary.pageCounts.changed} pages)`,
    '',
    summary.identical
      ? 'No differences found: the documents read and look the same.'
      : `Differences: ${summary.differences} (text ${summary.textDifferences}, visual ${summary.visualDifferences})`,
    `Pages compared: ${summary.pagesCompared}`,
    `Pages changed: ${summary.pagesChanged}`,
    `Words added: ${summary.wordsAdded}`,
    `Words removed: ${summary.wordsRemoved}`,
    `Words changed: ${summary.wordsChanged}`,
    '',
    `Compared: ${summary.mode === 'both' ? 'text and visual' : summary.mode}`,
  ];
  const sheets = summary.changedPages.map((page): ReportSheet => {
    const original = page <= summary.pageCounts.original ? page : null;
    const changed = page <= summary.pageCounts.changed ? page : null;
    const marks: ReportMark[] = comparison.differences.flatMap((difference) =>
      (['original', 'changed'] as const).flatMap((side) =>
        difference[side].boxes
          .filter((box) => box.page === page)
          .map((box) => ({ side, colour: KIND_COLOURS[difference.kind], x: box.x, y: box.y, width: box.width, height: box.height })),
      ),
    );
    return {
      original,
      changed,
      headings: [original ? `Original, page ${page}` : 'Original: no such page', changed ? `Changed, page ${page}` : 'Changed: no such page'],
      marks,
    };
  });
  return { summary: lines, legend: LEGEND, sheets };
}

/** The report's font is Helvetica (Latin-1): other characters of a file name become '?'. */
function latin1(text: string): string {
  return text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');
}
