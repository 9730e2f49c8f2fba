import { compareTool, DIFFERENCE_COLOURS, type ComparedPageFrame, type Comparison, type Difference } from '@folio/registry';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useBlobText } from '../hooks/use-blob-text';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/comparisonView.json';
import { drawPage } from '../pdf-rendering/draw-page';
import type { PDFDocumentProxy } from '../pdf-rendering/open-pdf';
import { holdDocument } from '../pdf-rendering/shared-documents';
import { downloadFile } from '../tool-page/result/download-file';
import { resultFileName } from '../tool-page/result/result-file-name';
import '../styles/comparison-view.css';
import { pageOn, readComparison, shownBox, shownDifferences, shownSize, type Side } from './comparison';
import type { ResultViewProps } from './index';

type Translate = ReturnType<typeof useMessages<typeof english>>;

/** Pages within this distance of a column's view are drawn; farther ones are let go, so 300-page files stay light. */
const DRAW_MARGIN = '800px 0px';
const PAGE_GAP = 12;

/**
 * Compare's result: the summary in words (saying so plainly when nothing
 * differs), the two documents side by side scrolling in step with the
 * differences outlined in the report's colours, the list of differences
 * (a click or Enter scrolls both documents to it; arrow keys move along), a
 * toggle for text and visual differences, and the report PDF on demand.
 */
export function ComparisonView({ body, inputs }: ResultViewProps) {
  const t = useMessages('comparisonView', english);
  const text = useBlobText(body);
  const comparison = useMemo(() => (text === null ? null : readComparison(text)), [text]);
  const [show, setShow] = useState({ text: true, visual: true });
  const [selected, setSelected] = useState<number | null>(null);
  const columns = useRef<Record<Side, ColumnHandle | null>>({ original: null, changed: null });
  const headingId = useId();

  const differences = useMemo(() => (comparison ? shownDifferences(comparison.differences, show) : []), [comparison, show]);
  const goTo = useCallback((difference: Difference) => {
    setSelected(difference.id);
    columns.current.original?.scrollTo(difference, 'original');
    columns.current.changed?.scrollTo(difference, 'changed');
  }, []);

  if (!comparison) return null;
  const [original, changed] = inputs;
  const hasFiles = original !== undefined && changed !== undefined;
  const { summary } = comparison;

  return (
    <section className="comparison" data-testid="comparison-view" aria-labelledby={headingId}>
      <h3 id={headingId} className="comparison__heading">
        {t('heading')}
      </h3>
      <div className="comparison__summary" data-testid="comparison-summary" role="status">
        {summary.identical ? (
          <p className="result-notes__line result-notes__line--good" data-testid="comparison-identical">
            {t('noDifferences')}
          </p>
        ) : (
          <p className="result-notes__line result-notes__line--warning">{t('summary', { differences: summary.differences, pages: summary.pagesChanged })}</p>
        )}
        <p className="comparison__facts">
          {t('words', { added: summary.wordsAdded, removed: summary.wordsRemoved, changed: summary.wordsChanged })} {t('pageCounts', summary.pageCounts)}
        </p>
      </div>

      <div className="comparison__toolbar">
        <div className="comparison__toggles" role="group" aria-label={t('show')}>
          <span className="comparison__toggles-label">{t('show')}</span>
          <button
            type="button"
            className="comparison__toggle"
            aria-pressed={show.text}
            data-testid="comparison-toggle-text"
            onClick={() => setShow((s) => ({ ...s, text: !s.text }))}
          >
            {t('showText')}
          </button>
          <button
            type="button"
            className="comparison__toggle"
            aria-pressed={show.visual}
            data-testid="comparison-toggle-visual"
            onClick={() => setShow((s) => ({ ...s, visual: !s.visual }))}
          >
            {t('showVisual')}
          </button>
        </div>
        <Legend t={t} />
        {hasFiles && <ReportButton original={original} changed={changed} mode={summary.mode} t={t} />}
      </div>

      {!summary.identical && <DifferenceList differences={differences} selected={selected} onChoose={goTo} t={t} />}

      {hasFiles ? (
        <SideBySide comparison={comparison} files={[original, changed]} differences={differences} selected={selected} columns={columns} t={t} />
      ) : (
        <p className="comparison__facts">{t('pagesUnavailable')}</p>
      )}
    </section>
  );
}

function Legend({ t }: { t: Translate }) {
  const kinds = [
    ['inserted', t('kindInserted')],
    ['deleted', t('kindDeleted')],
    ['changed', t('kindChanged')],
    ['visual', t('kindVisual')],
  ] as const;
  return (
    <ul className="comparison__legend" aria-label={t('legend')}>
      {kinds.map(([kind, label]) => (
        <li key={kind} className="comparison__legend-item">
          <span className="comparison__swatch" style={{ borderColor: DIFFERENCE_COLOURS[kind] }} aria-hidden="true" />
          {label}
        </li>
      ))}
    </ul>
  );
}

/** Asks the server for the same comparison as a report PDF and saves it. */
function ReportButton({ original, changed, mode, t }: { original: File; changed: File; mode: string; t: Translate }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      const form = new FormData();
      form.append('fileInput', original, original.name);
      form.append('compareFile', changed, changed.name);
      form.append('mode', mode);
      form.append('outputFormat', 'pdf');
      const response = await fetch(compareTool.endpoint, { method: 'POST', body: form });
      if (!response.ok) throw new Error(`answered ${response.status}`);
      // Named from the main file alone, as the page's own run names it (the changed file is an option's).
      const name = resultFileName(
        compareTool,
        [original],
        response.headers.get('content-disposition'),
        { mode, outputFormat: 'pdf' },
        response.headers.get('content-type') ?? '',
      );
      const url = URL.createObjectURL(await response.blob());
      downloadFile(url, name);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <div className="comparison__report">
      <button type="button" className="button button--secondary" data-testid="comparison-report" disabled={state === 'busy'} onClick={() => void download()}>
        {state === 'busy' && <span className="spinner" aria-hidden="true" />}
        {state === 'busy' ? t('preparingReport') : t('downloadReport')}
      </button>
      {state === 'failed' && (
        <p className="comparison__error" role="alert">
          {t('reportFailed')}
        </p>
      )}
    </div>
  );
}

/** One line for a difference, in words. */
function describe(difference: Difference, t: Translate): string {
  const page = pageOn(difference, difference.changed.boxes.length > 0 ? 'changed' : 'original');
  const wholePage = difference.before === '' && difference.after === '';
  if (difference.kind === 'visual') return t('itemVisual', { page });
  if (difference.kind === 'inserted') return wholePage ? t('itemPageAdded', { page }) : t('itemInserted', { page, text: difference.after });
  if (difference.kind === 'deleted') return wholePage ? t('itemPageRemoved', { page }) : t('itemDeleted', { page, text: difference.before });
  return t('itemChanged', { page, before: difference.before, after: difference.after });
}

/** The differences as a list of buttons: one Tab stop, arrow keys, Home and End move along it. */
function DifferenceList({
  differences,
  selected,
  onChoose,
  t,
}: {
  differences: Difference[];
  selected: number | null;
  onChoose(d: Difference): void;
  t: Translate;
}) {
  const list = useRef<HTMLOListElement>(null);
  const current = Math.max(
    0,
    differences.findIndex((d) => d.id === selected),
  );
  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowRight: current + 1,
      ArrowUp: current - 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: differences.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined || differences.length === 0) return;
    event.preventDefault();
    const index = Math.min(differences.length - 1, Math.max(0, next));
    onChoose(differences[index]);
    list.current?.querySelectorAll<HTMLButtonElement>('button')[index]?.focus();
  };
  return (
    <ol className="comparison__list" ref={list} aria-label={t('listLabel')} onKeyDown={onKeyDown} data-testid="comparison-list">
      {differences.map((difference, index) => (
        <li key={difference.id}>
          <button
            type="button"
            className={`comparison__item comparison__item--${difference.kind}`}
            aria-current={difference.id === selected || undefined}
            tabIndex={index === current ? 0 : -1}
            data-kind={difference.kind}
            onClick={() => onChoose(difference)}
          >
            <span className="comparison__item-kind" style={{ borderColor: DIFFERENCE_COLOURS[difference.kind] }}>
              {t(KIND_LABELS[difference.kind])}
            </span>
            <span className="comparison__item-text">{describe(difference, t)}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

const KIND_LABELS = { inserted: 'kindInserted', deleted: 'kindDeleted', changed: 'kindChanged', visual: 'kindVisual' } as const;

interface ColumnHandle {
  scrollTo(difference: Difference, side: Side): void;
}

/** The two documents in two columns that scroll in step: moving one moves the other by as much. */
function SideBySide({
  comparison,
  files,
  differences,
  selected,
  columns,
  t,
}: {
  comparison: Comparison;
  files: [File, File];
  differences: Difference[];
  selected: number | null;
  columns: RefObject<Record<Side, ColumnHandle | null>>;
  t: Translate;
}) {
  const scrollers = useRef<Record<Side, HTMLDivElement | null>>({ original: null, changed: null });
  const lastTop = useRef<Record<Side, number>>({ original: 0, changed: 0 });
  // A column moved by the program (following the other, or to a difference) does not move the other back.
  const following = useRef<Record<Side, boolean>>({ original: false, changed: false });

  const onScroll = useCallback((side: Side) => {
    const own = scrollers.current[side];
    const otherSide: Side = side === 'original' ? 'changed' : 'original';
    const other = scrollers.current[otherSide];
    if (!own) return;
    const delta = own.scrollTop - lastTop.current[side];
    lastTop.current[side] = own.scrollTop;
    if (following.current[side]) {
      following.current[side] = false;
      return;
    }
    if (!other || delta === 0) return;
    following.current[otherSide] = true;
    other.scrollTop += delta;
  }, []);

  // Callbacks that stay the same from render to render: a new ref callback each render would detach and attach again.
  const wiring = useMemo(
    () =>
      Object.fromEntries(
        (['original', 'changed'] as const).map((side) => [
          side,
          {
            scrollerRef: (element: HTMLDivElement | null) => {
              scrollers.current[side] = element;
            },
            handleRef: (handle: ColumnHandle | null) => {
              columns.current[side] = handle;
            },
            onScroll: () => onScroll(side),
            onProgrammaticScroll: () => {
              following.current[side] = true;
            },
          },
        ]),
      ) as Record<Side, Pick<PageColumnProps, 'scrollerRef' | 'handleRef' | 'onScroll' | 'onProgrammaticScroll'>>,
    [columns, onScroll],
  );

  return (
    <div className="comparison__columns">
      {(['original', 'changed'] as const).map((side, index) => (
        <PageColumn
          key={side}
          side={side}
          file={files[index]}
          frames={comparison.pages[side]}
          differences={differences}
          selected={selected}
          label={t(side === 'original' ? 'originalColumn' : 'changedColumn')}
          t={t}
          {...wiring[side]}
        />
      ))}
    </div>
  );
}

interface PageColumnProps {
  side: Side;
  file: File;
  frames: ComparedPageFrame[];
  differences: Difference[];
  selected: number | null;
  label: string;
  t: Translate;
  scrollerRef(element: HTMLDivElement | null): void;
  handleRef(handle: ColumnHandle | null): void;
  onScroll(): void;
  onProgrammaticScroll(): void;
}

/** One document's pages in a scrolling column, each drawn only while near the view. */
function PageColumn({ side, file, frames, differences, selected, label, t, scrollerRef, handleRef, onScroll, onProgrammaticScroll }: PageColumnProps) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  const slots = useRef(new Map<number, HTMLDivElement>());
  const headingId = useId();
  const attachScroller = useCallback(
    (element: HTMLDivElement | null) => {
      setScroller(element);
      scrollerRef(element);
    },
    [scrollerRef],
  );

  useEffect(() => {
    const hold = holdDocument(file);
    let live = true;
    hold.document.then((opened) => live && setDoc(opened)).catch(() => undefined);
    return () => {
      live = false;
      hold.release();
    };
  }, [file]);

  useEffect(() => {
    if (!scroller) return;
    const measure = () => setWidth(Math.max(0, scroller.clientWidth - 2 * PAGE_GAP));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scroller]);

  useEffect(() => {
    handleRef({
      scrollTo(difference) {
        if (!scroller) return;
        const page = pageOn(difference, side);
        const slot = slots.current.get(page);
        if (!slot) return;
        const frame = frames[page - 1];
        const box = difference[side].boxes.find((b) => b.page === page);
        const within = box && frame ? shownBox(box, frame).top * slot.clientHeight : 0;
        onProgrammaticScroll();
        scroller.scrollTop = Math.max(0, slot.offsetTop + within - scroller.clientHeight / 3);
      },
    });
    return () => handleRef(null);
  }, [handleRef, scroller, side, frames, onProgrammaticScroll]);

  const byPage = useMemo(() => {
    const map = new Map<number, { difference: Difference; box: Difference['original']['boxes'][number] }[]>();
    for (const difference of differences) {
      for (const box of difference[side].boxes) {
        const list = map.get(box.page) ?? [];
        list.push({ difference, box });
        map.set(box.page, list);
      }
    }
    return map;
  }, [differences, side]);

  return (
    <div className="comparison__column" data-side={side}>
      <h4 id={headingId} className="comparison__column-title">
        {label} <span className="comparison__file-name">{file.name}</span>
      </h4>
      <div
        className="comparison__scroller"
        ref={attachScroller}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-labelledby={headingId}
        data-testid={`comparison-${side}`}
      >
        {frames.map((frame, index) => {
          const page = index + 1;
          const size = shownSize(frame);
          return (
            <div
              key={page}
              className="comparison__page"
              data-page={page}
              ref={(element) => {
                if (element) slots.current.set(page, element);
                else slots.current.delete(page);
              }}
              style={{ width, height: width > 0 ? (width * size.height) / size.width : undefined }}
              aria-label={t('page', { page })}
              role="group"
            >
              <PageCanvas doc={doc} page={page} width={width} root={scroller} />
              {(byPage.get(page) ?? []).map(({ difference, box }, boxIndex) => {
                const place = shownBox(box, frame);
                return (
                  <span
                    key={`${difference.id}-${boxIndex}`}
                    className="comparison__mark"
                    data-kind={difference.kind}
                    data-selected={difference.id === selected || undefined}
                    // A little outside the words' box, so the outline does not cross the letters.
                    style={{
                      left: `calc(${place.left * 100}% - 3px)`,
                      top: `calc(${place.top * 100}% - 3px)`,
                      width: `calc(${place.width * 100}% + 6px)`,
                      height: `calc(${place.height * 100}% + 6px)`,
                      color: DIFFERENCE_COLOURS[difference.kind],
                      borderColor: DIFFERENCE_COLOURS[difference.kind],
                      backgroundColor: `${DIFFERENCE_COLOURS[difference.kind]}26`,
                    }}
                    aria-hidden="true"
                  />
                );
              })}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** A page's canvas, drawn while the page is near the column's view and emptied when it goes far. */
function PageCanvas({ doc, page, width, root }: { doc: PDFDocumentProxy | null; page: number; width: number; root: HTMLDivElement | null }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const near = useNear(canvas, root);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const target = canvas.current;
    if (!doc || !target || !near || width <= 0) return;
    const stop = new AbortController();
    drawPage(doc, page, target, width, stop.signal)
      .then(() => !stop.signal.aborted && setDrawn(true))
      .catch(() => undefined);
    return () => {
      stop.abort();
      // Far from the view: give the pixels back.
      target.width = 0;
      target.height = 0;
      setDrawn(false);
    };
  }, [doc, page, width, near]);

  return <canvas ref={canvas} className="comparison__canvas" data-drawn={drawn || undefined} aria-hidden="true" />;
}

/** Whether the element is within DRAW_MARGIN of the scroller's view, now (it follows the scrolling both ways). */
function useNear(element: RefObject<Element | null>, root: Element | null): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (!target || !root) return;
    const watcher = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), { root, rootMargin: DRAW_MARGIN });
    watcher.observe(target);
    return () => watcher.disconnect();
  }, [element, root]);
  return near;
}
