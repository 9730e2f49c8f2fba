import { joinLines } from './dehyphenate';
import { emphasisOf } from './emphasis';
import { makeLine, maxOf, minOf } from './lines';
import { appendItems, listMarkerOf } from './lists';
import type { HeadingLevel, LayoutBlock, Line, ListBlock } from '../types';

/**
 * One flow of lines (a column piece, top to bottom) into headings, paragraphs
 * and lists. Lines break into a new paragraph at a wider gap than the flow's
 * usual leading, a change of size, a first-line indent, or after a short line
 * that ends a sentence (unless the document marks its paragraphs otherwise:
 * with a gap or a first-line indent, see paragraphMarksOf).
 */

export interface FlowContext {
  bodySize: number;
  /** Heading level of a text size, or undefined for body text. */
  headingLevel(fontSize: number): HeadingLevel | undefined;
  /** Level of a short bold line at the body size: one below the size-based levels. */
  boldHeadingLevel: HeadingLevel;
  vocabulary: ReadonlySet<string>;
  /** How the document marks where its paragraphs start (paragraphMarksOf). */
  marks?: ParagraphMarks;
}

/**
 * What the document puts between its paragraphs, learnt from all its pages.
 * Where it has such a mark, a short line ending a sentence without the mark
 * after it is a ragged line inside a paragraph, not the paragraph's end.
 */
export interface ParagraphMarks {
  /** A gap wider than the leading (LibreOffice's spacing below paragraphs, CSS margins). */
  gap: boolean;
  /**
   * A first-line indent (groff's .PP, LaTeX, many books). Then a column or
   * page that opens with an unindented line opens inside a paragraph.
   */
  indent: boolean;
}

/** Headings are short: longer runs of large text are paragraphs set large. */
const MAX_HEADING_LENGTH = 200;

type Kind =
  | { kind: 'heading'; level: HeadingLevel }
  | { kind: 'item'; ordered: boolean; number: number; text: string }
  | { kind: 'code' }
  /** A line that is a paragraph by itself: a contents entry with dot leaders. */
  | { kind: 'entry' }
  | { kind: 'body' };

/** "Introduction . . . . . 1", "Results ........ 12" */
const DOT_LEADER = /(\.\s?){4,}\s*\S{1,8}$/;
/** Fixed-width characters are about this wide, in ems, in every common monospace face. */
const MONOSPACE_ADVANCE = 0.6;

/** What a flow's lines are, and the measures its paragraph breaks are judged by. */
interface FlowShape {
  kinds: Kind[];
  /** The usual distance between one line and the next. */
  usualGap: number;
  left: number;
  /** Where the longest body line ends: the column's right edge. */
  bodyRight: number;
  bodyLines: number;
}

function shapeOf(flow: readonly Line[], context: FlowContext): FlowShape {
  const usualGap = typicalGap(flow);
  const kinds = markBoldHeadings(
    flow,
    flow.map((line) => kindOf(line, context)),
    usualGap,
    context,
  );
  const left = minOf(flow.map((l) => l.xMin));
  const bodyRight = maxOf([left, ...flow.filter((_, i) => kinds[i].kind === 'body').map((l) => l.xMax)]);
  return { kinds, usualGap, left, bodyRight, bodyLines: kinds.filter((k) => k.kind === 'body').length };
}

/** Of the lines that look like a paragraph's end (short, ending a sentence), at least this share have the mark after them... */
const MARKED_SHARE = 0.8;
/** ...and at least this many, for the mark to be the document's. */
const MIN_MARKED_ENDS = 4;

/**
 * The document's paragraph marks: nearly every short body line that ends a
 * sentence is followed by a wider gap, or by a line indented further than the
 * lines after it. The few that are not are ragged lines that happened to end
 * a sentence inside a paragraph. Flows are text only (no pictures or tables).
 */
export function paragraphMarksOf(flows: readonly (readonly Line[])[], context: FlowContext): ParagraphMarks {
  let ends = 0;
  let gaps = 0;
  let indents = 0;
  for (const flow of flows) {
    const { kinds, usualGap, left, bodyRight } = shapeOf(flow, context);
    const body = (i: number) => kinds[i]?.kind === 'body' && Math.abs(flow[i].fontSize - flow[i - 1].fontSize) <= 1;
    for (let i = 1; i < flow.length; i++) {
      if (kinds[i - 1].kind !== 'body' || !body(i) || !endsShortSentence(flow[i - 1], bodyRight)) continue;
      ends++;
      if (isWideGap(flow[i - 1], flow[i], usualGap)) gaps++;
      if (isIndented(flow[i], left) && !isIndented(flow[i - 1], left) && body(i + 1) && !isIndented(flow[i + 1], left)) indents++;
    }
  }
  const marked = (count: number) => count >= MIN_MARKED_ENDS && count >= ends * MARKED_SHARE;
  return { gap: marked(gaps), indent: marked(indents) };
}

/** Set in from the flow's left edge by more than a stray point or two: a first-line indent. */
function isIndented(line: Line, left: number): boolean {
  return line.xMin > left + line.fontSize * 0.8;
}

export function blocksOfFlow(flow: readonly Line[], context: FlowContext): LayoutBlock[] {
  const { kinds, usualGap, left, bodyRight, bodyLines } = shapeOf(flow, context);
  const blocks: LayoutBlock[] = [];
  /** Where each item's marker stands, per list: the nesting comes from it. */
  const indents = new Map<ListBlock, number[]>();
  let group: Line[] = [];
  let groupKind: Kind | undefined;
  let itemTexts: string[] = [];

  const flush = () => {
    if (!groupKind || group.length === 0) return;
    const fontSize = group[0].fontSize;
    if (groupKind.kind === 'code') {
      blocks.push({ kind: 'code', lines: codeLines(group), fontSize });
    } else if (groupKind.kind === 'heading') {
      blocks.push({
        kind: 'heading',
        level: groupKind.level,
        text: joinLines(
          group.map((l) => l.text),
          context.vocabulary,
        ),
        fontSize,
      });
    } else if (groupKind.kind === 'item') {
      const text = joinLines(itemTexts, context.vocabulary);
      const last = blocks[blocks.length - 1];
      let list: ListBlock;
      if (last?.kind === 'list' && last.ordered === groupKind.ordered) list = last;
      else blocks.push((list = { kind: 'list', ordered: groupKind.ordered, start: groupKind.ordered ? groupKind.number : 1, items: [], fontSize }));
      const emphasis = emphasisOf(
        text,
        group.flatMap((l) => l.words),
      );
      appendItems(list, { items: [text], ...(emphasis.length > 0 ? { itemEmphasis: [emphasis] } : {}) });
      indents.set(list, [...(indents.get(list) ?? []), group[0].xMin]);
    } else {
      const text = joinLines(
        group.map((l) => l.text),
        context.vocabulary,
      );
      const emphasis = emphasisOf(
        text,
        group.flatMap((l) => l.words),
      );
      const lastLineFull = bodyLines >= 2 && reachesRightEdge(group[group.length - 1], bodyRight);
      const opening = blocks.length === 0 && group[0] === flow[0] && opensUnindented(flow, kinds, left, context);
      blocks.push({
        kind: 'paragraph',
        text,
        fontSize,
        lastLineFull,
        ...(opening ? { opensUnindented: true } : {}),
        ...(emphasis.length > 0 ? { emphasis } : {}),
      });
    }
    group = [];
    itemTexts = [];
    groupKind = undefined;
  };

  flow.forEach((line, index) => {
    const kind = kinds[index];
    const previous = flow[index - 1];
    const continues =
      groupKind !== undefined &&
      previous !== undefined &&
      (groupKind.kind === 'code'
        ? kind.kind === 'code' && line.yMin - previous.yMax < line.fontSize * 2.5
        : !isWideGap(previous, line, usualGap) &&
          continuesGroup(groupKind, kind, group, line, {
            left,
            bodyRight,
            marked: context.marks !== undefined && (context.marks.gap || context.marks.indent),
          }));
    if (!continues) {
      flush();
      groupKind = kind;
      if (kind.kind === 'item') itemTexts.push(kind.text);
    } else if (groupKind?.kind === 'item') {
      itemTexts.push(line.text);
    }
    group.push(line);
  });
  flush();
  const last = blocks[blocks.length - 1];
  if (last?.kind === 'paragraph' && isJustified(flow, kinds, bodyRight) && flow[flow.length - 1].xMax >= bodyRight - FLUSH_PT) last.endsFlush = true;
  for (const [list, starts] of indents) {
    const levels = nestingLevels(starts);
    if (levels.some((level) => level > 0)) list.levels = levels;
  }
  return blocks;
}

/** Items are nested this much deeper at most. */
const MAX_LIST_LEVEL = 3;

/**
 * Nesting from where the markers stand: the least indented items are level 0,
 * the next distinct indent (more than 3 points further) level 1, and so on.
 */
function nestingLevels(starts: readonly number[]): number[] {
  const steps: number[] = [];
  for (const x of [...starts].sort((a, b) => a - b)) if (steps.length === 0 || x - steps[steps.length - 1] > 3) steps.push(x);
  return starts.map((x) => Math.min(MAX_LIST_LEVEL, steps.filter((step) => x - step > 3).length));
}

function kindOf(line: Line, context: FlowContext): Kind {
  if (DOT_LEADER.test(line.text)) return { kind: 'entry' };
  const level = line.text.length <= MAX_HEADING_LENGTH ? context.headingLevel(line.fontSize) : undefined;
  if (level) return { kind: 'heading', level };
  const marker = listMarkerOf(line.text);
  // Fixed-width text is code, unless typeset as a list (a bullet glyph before it).
  if (line.monospace && !(marker && !marker.ordered && /^[^\x00-\x7f]/.test(line.text))) return { kind: 'code' };
  if (marker && marker.text.trim() !== '') return { kind: 'item', ...marker };
  return { kind: 'body' };
}

/** Bold lines at the body size are headings when they stand alone: one or two short lines not ending a sentence. */
const MAX_BOLD_HEADING_LINES = 2;
const MAX_BOLD_HEADING_LENGTH = 120;

function markBoldHeadings(flow: readonly Line[], kinds: Kind[], usualGap: number, context: FlowContext): Kind[] {
  const result = [...kinds];
  const candidate = (i: number) => flow[i].bold && kinds[i].kind === 'body' && flow[i].text.length <= MAX_BOLD_HEADING_LENGTH;
  for (let start = 0; start < flow.length;) {
    if (!candidate(start)) {
      start++;
      continue;
    }
    let end = start;
    while (
      end + 1 < flow.length &&
      candidate(end + 1) &&
      !isWideGap(flow[end], flow[end + 1], usualGap) &&
      Math.abs(flow[end + 1].fontSize - flow[start].fontSize) <= 1
    )
      end++;
    const standsAlone = end - start + 1 <= MAX_BOLD_HEADING_LINES && !/[.,;:!?]["'”’)\]]?$/u.test(flow[end].text);
    if (standsAlone) for (let i = start; i <= end; i++) result[i] = { kind: 'heading', level: context.boldHeadingLevel };
    start = end + 1;
  }
  return result;
}

function continuesGroup(group: Kind, kind: Kind, lines: readonly Line[], line: Line, flow: { left: number; bodyRight: number; marked: boolean }): boolean {
  const previous = lines[lines.length - 1];
  if (group.kind === 'entry' || group.kind === 'code') return false;
  if (Math.abs(previous.fontSize - line.fontSize) > 1) return false;
  if (group.kind === 'heading') return kind.kind === 'heading' && kind.level === group.level;
  if (kind.kind !== 'body') return false;
  if (group.kind === 'item') {
    // A continuation of an item is indented past the item's marker.
    const first = lines[0];
    const textStart = first.words[1]?.xMin ?? first.xMin;
    return line.xMin > first.xMin + 2 && line.xMin >= textStart - 3 && !endsShortSentence(previous, flow.bodyRight);
  }
  if (isIndented(line, flow.left) && !isIndented(previous, flow.left)) return false;
  // Where the document marks its paragraphs, the missing mark (the gap was checked before) says the paragraph goes on.
  return flow.marked || !endsShortSentence(previous, flow.bodyRight);
}

/**
 * The flow opens with a body line at its left edge in a document whose
 * paragraphs start indented: the column or page opens inside a paragraph.
 * Told only where the flow has another body line to measure the edge by.
 */
function opensUnindented(flow: readonly Line[], kinds: readonly Kind[], left: number, context: FlowContext): boolean {
  if (!context.marks?.indent || kinds[0].kind !== 'body' || isIndented(flow[0], left)) return false;
  return flow.some((line, i) => i > 0 && kinds[i].kind === 'body' && !isIndented(line, left));
}

/** Fixed-width lines as typed: indentation and runs of spaces rebuilt from the gaps. */
function codeLines(lines: readonly Line[]): string[] {
  const left = minOf(lines.map((l) => l.xMin));
  // Pieces of one printed line (an option and its description far apart) become one line again.
  const rows: Line[] = [];
  for (const line of lines) {
    const row = rows.find((r) => Math.abs(r.yMax - line.yMax) < line.fontSize * 0.3);
    if (row) rows[rows.indexOf(row)] = { ...makeLine([...row.words, ...line.words]), fontSize: row.fontSize, bold: row.bold, monospace: true };
    else rows.push(line);
  }
  return rows.map((line) => {
    const advance = line.fontSize * MONOSPACE_ADVANCE;
    const spaces = (width: number, least: number) => ' '.repeat(Math.max(least, Math.round(width / advance)));
    let text = spaces(line.xMin - left, 0);
    line.words.forEach((word, index) => {
      if (index > 0) text += spaces(word.xMin - line.words[index - 1].xMax, 1);
      text += word.text;
    });
    return text;
  });
}

/** A line that stops well short of the column's right edge after a full stop ends its paragraph. */
function endsShortSentence(line: Line, right: number): boolean {
  return !reachesRightEdge(line, right) && /[.!?:;]["'”’)\]]?$/u.test(line.text);
}

/** The line runs (about) to the column's right edge, as lines inside a paragraph do. */
function reachesRightEdge(line: Line, right: number): boolean {
  const width = right - line.xMin;
  return line.xMax >= right - Math.max(width * 0.15, line.fontSize * 3);
}

/** A line ends this close to the right edge (points) when justification set it there. */
const FLUSH_PT = 1.5;

/** Most body lines end flush with the right edge: the text is justified (a ragged right edge seldom lines up). */
function isJustified(flow: readonly Line[], kinds: readonly Kind[], bodyRight: number): boolean {
  const body = flow.filter((_, i) => kinds[i].kind === 'body');
  return body.length >= 3 && body.filter((line) => line.xMax >= bodyRight - FLUSH_PT).length * 2 >= body.length;
}

/** The usual distance between the bottom of a line and the top of the next in this flow. */
function typicalGap(flow: readonly Line[]): number {
  const gaps: number[] = [];
  for (let i = 1; i < flow.length; i++) {
    if (Math.abs(flow[i].fontSize - flow[i - 1].fontSize) > 1) continue;
    const gap = flow[i].yMin - flow[i - 1].yMax;
    if (gap > -2) gaps.push(Math.max(gap, 0));
  }
  if (gaps.length === 0) return Infinity;
  gaps.sort((a, b) => a - b);
  return gaps[Math.floor((gaps.length - 1) / 3)];
}

function isWideGap(previous: Line, line: Line, usualGap: number): boolean {
  const gap = line.yMin - previous.yMax;
  const size = Math.min(previous.fontSize, line.fontSize);
  if (!Number.isFinite(usualGap)) return gap > size * 0.8;
  return gap > Math.max(usualGap * 1.6, usualGap + size * 0.35);
}
