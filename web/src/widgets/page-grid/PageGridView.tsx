import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pageGrid.json';
import type { PDFDocumentProxy } from '../../pdf-rendering/open-pdf';
import { gridLayout, insertionIndexAt, insertionMarker } from './grid-layout';
import { movePage, pagesBetween, togglePage, withAllPages, withPages, type PageGridMode } from './page-grid-state';
import { PageCell } from './PageCell';
import { ThumbnailRenderer } from '../../pdf-rendering/thumbnail-renderer';
import { usePageDrag } from './use-page-drag';
import { usePageGridState } from './use-page-grid-state';

/** Space above the first row and below the last, inside the scrolling box (room for focus rings). */
const EDGE_SPACE = 8;
/** Rows drawn beyond the visible ones, so a slow scroll shows no empty cells. */
const OVERSCAN_ROWS = 2;

export interface PageGridViewProps {
  doc: PDFDocumentProxy;
  /** Height / width of the first page: the shape of every cell's box. */
  aspect: number;
  mode: PageGridMode;
  /** The field's text and how to change it. */
  text: string;
  onText(text: string): void;
  disabled: boolean;
  /** Id of the hint under the grid. */
  hintId: string;
}

/**
 * The document's pages as a grid of toggle buttons, in step with the field's
 * text. Only the rows on screen (and a couple more) are in the DOM, and only
 * their thumbnails are drawn, so a document of thousands of pages costs what a
 * screenful does.
 */
export function PageGridView({ doc, aspect, mode, text, onText, disabled, hintId }: PageGridViewProps) {
  const t = useMessages('pageGrid', english);
  const pageCount = doc.numPages;
  const { state, change } = usePageGridState(text, pageCount, mode, onText);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [content, setContent] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(0);
  const [renderer, setRenderer] = useState<ThumbnailRenderer>();
  const [activeIndex, setActiveIndex] = useState(0);
  const focusWanted = useRef<number | null>(null);
  /** The page a shift-click's range starts from. */
  const anchor = useRef<number | null>(null);

  useEffect(() => {
    const made = ThumbnailRenderer.of(doc);
    setRenderer(made);
    return () => made.dispose();
  }, [doc]);

  useEffect(() => {
    if (!content) return;
    const watcher = new ResizeObserver(([entry]) => entry && setWidth(entry.contentRect.width));
    watcher.observe(content);
    return () => watcher.disconnect();
  }, [content]);

  const layout = useMemo(() => gridLayout(width, aspect), [width, aspect]);
  const rowCount = Math.ceil(pageCount / layout.columns);
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scroller,
    estimateSize: () => layout.rowHeight,
    overscan: OVERSCAN_ROWS,
    paddingStart: EDGE_SPACE,
    paddingEnd: EDGE_SPACE,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, layout.rowHeight]);
  const rows = virtualizer.getVirtualItems();

  /** Where each chosen page comes in the new document (orders only). */
  const positions = useMemo(() => {
    if (mode !== 'order') return undefined;
    const found = new Map<number, number>();
    for (const page of state.arrangement) if (state.selected.has(page)) found.set(page, found.size + 1);
    return found;
  }, [mode, state]);

  const insertionAt = useCallback(
    (clientX: number, clientY: number) => {
      if (!content) return 0;
      const box = content.getBoundingClientRect();
      return insertionIndexAt(clientX - box.left, clientY - box.top - EDGE_SPACE, layout, pageCount);
    },
    [content, layout, pageCount],
  );
  const { drag, onPointerDown, wasDrag } = usePageDrag({
    scroller,
    enabled: mode === 'order' && !disabled,
    insertionAt,
    onDrop: (page, insertion) => {
      const moved = movePage(state, page, insertion);
      if (moved !== state) change(moved);
    },
  });

  const onPageClick = (page: number, event: MouseEvent) => {
    if (wasDrag()) return;
    setActiveIndex(state.arrangement.indexOf(page));
    if (event.shiftKey && anchor.current !== null) {
      change(withPages(state, pagesBetween(state, anchor.current, page), state.selected.has(anchor.current)));
    } else {
      anchor.current = page;
      change(togglePage(state, page));
    }
  };

  const focusIndex = (index: number) => {
    setActiveIndex(index);
    focusWanted.current = index;
    virtualizer.scrollToIndex(Math.floor(index / layout.columns), { align: 'auto' });
  };
  // A cell moved to by the keyboard may only now be in the DOM.
  useEffect(() => {
    const wanted = focusWanted.current;
    if (wanted === null || !content) return;
    const button = content.querySelector<HTMLButtonElement>(`[data-index="${wanted}"]`);
    if (button) {
      focusWanted.current = null;
      button.focus();
    }
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!cell) return;
    const index = Number(cell.dataset.index);
    const last = pageCount - 1;
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -layout.columns, ArrowDown: layout.columns };
    let to: number | undefined;
    if (event.key in steps) to = Math.max(0, Math.min(last, index + steps[event.key]!));
    else if (event.key === 'Home') to = 0;
    else if (event.key === 'End') to = last;
    if (to === undefined) return;
    event.preventDefault();
    if (event.altKey && mode === 'order' && !disabled && event.key in steps) {
      // Alt+arrow carries the page along: the keyboard's way to drag.
      const moved = movePage(state, state.arrangement[index]!, to > index ? to + 1 : to);
      if (moved !== state) change(moved);
    }
    focusIndex(to);
  };

  // The Tab stop must be in the DOM: when the active page has scrolled away, the first page on screen takes it.
  const firstShown = (rows[0]?.index ?? 0) * layout.columns;
  const lastShown = ((rows[rows.length - 1]?.index ?? 0) + 1) * layout.columns - 1;
  const tabStop = activeIndex >= firstShown && activeIndex <= lastShown ? activeIndex : firstShown;
  const marker = drag && insertionMarker(drag.insertion, layout, pageCount);
  const chosen = state.selected.size;

  return (
    <div className="page-grid" data-testid="page-grid" data-mode={mode} data-page-count={pageCount}>
      <div className="page-grid__toolbar">
        <span className="page-grid__count" aria-live="polite">
          {t('chosenCount', { chosen, count: pageCount })}
        </span>
        <span className="page-grid__actions">
          <button
            type="button"
            className="button button--ghost page-grid__action"
            disabled={disabled || chosen === pageCount}
            onClick={() => change(withAllPages(state, true))}
          >
            {t('selectAll')}
          </button>
          <button
            type="button"
            className="button button--ghost page-grid__action"
            disabled={disabled || chosen === 0}
            onClick={() => change(withAllPages(state, false))}
          >
            {t('selectNone')}
          </button>
        </span>
      </div>
      <div ref={setScroller} className="page-grid__scroller" data-testid="page-grid-scroller">
        <div
          ref={setContent}
          className="page-grid__content"
          role="group"
          aria-label={t('thumbnails')}
          aria-describedby={hintId}
          style={{ height: virtualizer.getTotalSize() }}
          onKeyDown={onKeyDown}
        >
          {width > 0 &&
            rows.map((row) => (
              <div key={row.key} className="page-grid__row" style={{ transform: `translateY(${row.start}px)`, gap: layout.gap }}>
                {state.arrangement.slice(row.index * layout.columns, (row.index + 1) * layout.columns).map((page, column) => {
                  const index = row.index * layout.columns + column;
                  return (
                    <PageCell
                      key={page}
                      page={page}
                      index={index}
                      selected={state.selected.has(page)}
                      position={positions?.get(page)}
                      tabbable={index === tabStop}
                      lifted={drag?.page === page}
                      disabled={disabled}
                      width={layout.cellWidth}
                      thumbHeight={layout.thumbHeight}
                      renderer={renderer}
                      onClick={onPageClick}
                      onPointerDown={onPointerDown}
                    />
                  );
                })}
              </div>
            ))}
          {marker && (
            <div
              className="page-grid__drop-marker"
              style={{ left: marker.left, top: marker.top + EDGE_SPACE, height: layout.thumbHeight }}
              aria-hidden="true"
            />
          )}
        </div>
      </div>
      {drag && (
        <div className="page-grid__ghost" style={{ left: drag.clientX, top: drag.clientY }} aria-hidden="true">
          {t('page', { page: drag.page })}
        </div>
      )}
    </div>
  );
}
