import type { PageItemKind } from '@folio/registry';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pageWorkspace.json';
import type { PDFDocumentProxy } from '../../pdf-rendering/open-pdf';
import { ItemInspector } from './ItemInspector';
import { EMPTY_HISTORY, recordChange, redo, undo, type ItemHistory } from './item-history';
import { itemBounds, type WorkspaceItem } from './item-edits';
import { freeSpotBelow, placeTemplate, templateFor } from './new-items';
import { rectToShown, shownSize, type PageFrame } from '../../pdf-rendering/page-frame';
import { pictureSize, readPicture } from './picture-items';
import { ThumbnailStrip } from './ThumbnailStrip';
import { usePageFrames } from './use-page-frames';
import { WorkspacePage, type ShownPage } from './WorkspacePage';
import { toolForKind, type ItemTemplate, type WorkspaceTool } from './workspace-tool';

/** Space between pages, and around them (CSS pixels). */
const PAGE_GAP = 16;
const ZOOM_STEP = 1.25;
const MIN_SCALE = 0.2;
const MAX_SCALE = 4;
/** Pages drawn beyond the visible ones. */
const OVERSCAN_PAGES = 1;
/** Before a page's size is known, it is taken as A4 portrait. */
const A4: PageFrame = { width: 595, height: 842, rotation: 0 };
/** A picture's longer side when placed (points). */
const PICTURE_POINTS = 160;

/** What a tool's own controls (a signature pad, a search) may do in the workspace. */
export interface WorkspaceApi {
  /** The page the visitor is on (scrolled to, or last pressed). */
  currentPage: number;
  pageCount: number;
  doc: PDFDocumentProxy;
  /** Adds items as one undo step. */
  addItems(items: WorkspaceItem[]): void;
  /** Arms a prepared item: the next click on a page puts it there. */
  arm(template: ItemTemplate, label: string): void;
  /** Puts a prepared item in the middle of the current page (the keyboard's way). */
  placeOnCurrentPage(template: ItemTemplate): void;
  frameOf(page: number): PageFrame | undefined;
}

export interface PageWorkspaceProps {
  doc: PDFDocumentProxy;
  fileName: string;
  items: readonly WorkspaceItem[];
  onItemsChange(items: WorkspaceItem[]): void;
  /** The kinds of item the pages take (the field's kinds). */
  kinds: readonly PageItemKind[];
  /** The toolbar has a button per kind (false: the tool's own controls make its items). */
  kindTools?: boolean;
  /** A tool's own controls, shown above the pages. */
  extraTools?(api: WorkspaceApi): ReactNode;
  /** Something drawn over each page under the items (a form's fields). */
  renderPageOverlay?(page: ShownPage): ReactNode;
  /** The pages are drawn without their form fields, which the overlay shows as controls. */
  withoutFormFields?: boolean;
  disabled: boolean;
}

/**
 * The page workspace: the document's pages drawn with pdf.js, one under the
 * other (only those near the view are in the DOM), a strip of thumbnails to
 * move between them, zoom, and a layer on each page where items are drawn,
 * placed, moved, resized and removed, with undo and redo. Items are kept in
 * the items' frame (points, page unturned: registry/kit/page-items.ts), so the
 * server puts them exactly where they were seen.
 */
export function PageWorkspace({
  doc,
  fileName,
  items,
  onItemsChange,
  kinds,
  kindTools = true,
  extraTools,
  renderPageOverlay,
  withoutFormFields = false,
  disabled,
}: PageWorkspaceProps) {
  const t = useMessages('pageWorkspace', english);
  const frameOf = usePageFrames(doc);
  const pageCount = doc.numPages;
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [viewWidth, setViewWidth] = useState(0);
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [tool, setTool] = useState<WorkspaceTool>({ mode: 'select' });
  const [selectedId, setSelectedId] = useState<string>();
  const [currentPage, setCurrentPage] = useState(1);
  const history = useRef<ItemHistory<readonly WorkspaceItem[]>>(EMPTY_HISTORY);
  const [, setHistoryVersion] = useState(0);
  const lastInk = useRef<{ id: string; page: number; at: number } | undefined>(undefined);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const newTexts = useMemo(() => ({ text: t('newText'), note: t('newNote') }), [t]);

  useEffect(() => {
    if (!scroller) return;
    const watcher = new ResizeObserver(([entry]) => entry && setViewWidth(entry.contentRect.width));
    watcher.observe(scroller);
    return () => watcher.disconnect();
  }, [scroller]);

  const firstFrame = frameOf(1) ?? A4;
  const fitScale = viewWidth > 0 ? Math.max((viewWidth - 2 * PAGE_GAP) / shownSize(firstFrame).width, MIN_SCALE) : 1;
  const scale = zoom === 'fit' ? fitScale : zoom;

  const heightOf = useCallback((page: number) => shownSize(frameOf(page) ?? firstFrame).height * scale + PAGE_GAP, [frameOf, firstFrame, scale]);
  const virtualizer = useVirtualizer({
    count: pageCount,
    getScrollElement: () => scroller,
    estimateSize: (index) => heightOf(index + 1),
    overscan: OVERSCAN_PAGES,
    paddingStart: PAGE_GAP,
  });
  useEffect(() => virtualizer.measure(), [virtualizer, scale]);
  const rows = virtualizer.getVirtualItems();

  // The page most of the view shows is the current one.
  useEffect(() => {
    if (!scroller) return;
    const onScroll = () => {
      const middle = scroller.scrollTop + scroller.clientHeight / 3;
      const row = virtualizer.getVirtualItems().find((r) => r.start <= middle && r.end > middle);
      if (row) setCurrentPage(row.index + 1);
    };
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [scroller, virtualizer]);

  const commitList = useCallback(
    (next: WorkspaceItem[]) => {
      history.current = recordChange(history.current, itemsRef.current);
      setHistoryVersion((v) => v + 1);
      onItemsChange(next);
    },
    [onItemsChange],
  );

  const commitItem = useCallback(
    (item: WorkspaceItem, options?: { joinInk?: boolean }) => {
      const current = itemsRef.current;
      const exists = current.some((other) => other.id === item.id);
      commitList(exists ? current.map((other) => (other.id === item.id ? item : other)) : [...current, item]);
      lastInk.current = options?.joinInk ? { id: item.id, page: item.page, at: Date.now() } : undefined;
    },
    [commitList],
  );

  /** A change made on a page: a prepared item, once put down, is not put down again by the next click. */
  const commitFromPage = useCallback(
    (item: WorkspaceItem, options?: { joinInk?: boolean }) => {
      commitItem(item, options);
      if (tool.mode === 'place') setTool({ mode: 'select' });
    },
    [commitItem, tool.mode],
  );

  const removeItem = useCallback(
    (id: string) => {
      commitList(itemsRef.current.filter((item) => item.id !== id));
      setSelectedId(undefined);
      // The removed item had the focus: keep it in the workspace, where Ctrl+Z brings the item back.
      scroller?.focus({ preventScroll: true });
    },
    [commitList, scroller],
  );

  const inkToJoin = useCallback((page: number, now: number, within: number) => {
    const last = lastInk.current;
    if (!last || last.page !== page || now - last.at > within) return undefined;
    return itemsRef.current.find((item) => item.id === last.id);
  }, []);

  const step = (direction: 'undo' | 'redo') => {
    const moved = (direction === 'undo' ? undo : redo)(history.current, itemsRef.current);
    if (!moved) return;
    history.current = moved.history;
    setHistoryVersion((v) => v + 1);
    onItemsChange([...moved.value]);
    setSelectedId(undefined);
  };

  const zoomBy = (factor: number) => setZoom(Math.min(Math.max(scale * factor, MIN_SCALE), MAX_SCALE));

  const scrollToPage = useCallback(
    (page: number) => {
      setCurrentPage(page);
      virtualizer.scrollToIndex(page - 1, { align: 'start' });
    },
    [virtualizer],
  );

  const placeOnCurrentPage = useCallback(
    (template: ItemTemplate) => {
      const frame = frameOf(currentPage) ?? firstFrame;
      const size = shownSize(frame);
      const taken = itemsRef.current.filter((other) => other.page === currentPage).map((other) => rectToShown(frame, itemBounds(other)));
      const item = placeTemplate(template, currentPage, frame, freeSpotBelow([size.width / 2, size.height / 2], template, taken, size));
      commitItem(item);
      setSelectedId(item.id);
      // Then the item is chosen, its properties open and the keyboard can move it.
      setTool({ mode: 'select' });
    },
    [frameOf, currentPage, firstFrame, commitItem],
  );

  const api: WorkspaceApi = {
    currentPage,
    pageCount,
    doc,
    addItems: (added) => commitList([...itemsRef.current, ...added]),
    arm: (template, label) => setTool({ mode: 'place', template, label }),
    placeOnCurrentPage,
    frameOf,
  };

  const onShortcut = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || (event.target as HTMLElement).matches('input, textarea, select')) return;
    const key = event.key.toLowerCase();
    if (key === 'z' || key === 'y') {
      event.preventDefault();
      step(key === 'y' || event.shiftKey ? 'redo' : 'undo');
    }
  };

  const selected = items.find((item) => item.id === selectedId);
  const kindLabel = (kind: PageItemKind) => t(`kind.${kind}` as keyof typeof english);
  const labelOf = useCallback((item: WorkspaceItem) => t('itemLabel', { kind: t(`kind.${item.kind}` as keyof typeof english), page: item.page }), [t]);
  const hint = tool.mode === 'select' ? t('hint.select') : tool.mode === 'drag' ? t('hint.drag') : tool.mode === 'ink' ? t('hint.ink') : t('hint.place');
  const byPage = useMemo(() => {
    const found = new Map<number, WorkspaceItem[]>();
    for (const item of items) found.set(item.page, [...(found.get(item.page) ?? []), item]);
    return found;
  }, [items]);
  const noItems: readonly WorkspaceItem[] = useMemo(() => [], []);

  const pictureInput = useRef<HTMLInputElement>(null);
  const [pictureProblem, setPictureProblem] = useState(false);
  const onPicture = async (file: File | undefined) => {
    if (!file) return;
    try {
      const picture = await readPicture(file, { removeBackground: false });
      setPictureProblem(false);
      setTool({ mode: 'place', template: { kind: 'image', ...pictureSize(picture, PICTURE_POINTS), image: picture.dataUrl }, label: kindLabel('image') });
    } catch {
      setPictureProblem(true);
    }
  };

  /** A workspace for looking and filling in (Fill Form) has no item tools. */
  const takesItems = kinds.length > 0;

  const chooseKind = (kind: PageItemKind) => {
    if (kind === 'image') {
      pictureInput.current?.click();
      return;
    }
    const next = toolForKind(kind, () => templateFor(kind, newTexts), kindLabel(kind));
    setTool((current) => (current.mode !== 'select' && JSON.stringify(current) === JSON.stringify(next) ? { mode: 'select' } : next));
  };
  const toolIsKind = (kind: PageItemKind) =>
    (tool.mode === 'drag' && tool.kind === kind) ||
    (tool.mode === 'ink' && kind === 'ink') ||
    (tool.mode === 'place' && tool.template.kind === kind && tool.label === kindLabel(kind));

  return (
    <div className="page-workspace" onKeyDown={onShortcut} data-testid="page-workspace" aria-label={t('workspace', { name: fileName })} role="region">
      <div className="page-workspace__toolbar" role="toolbar" aria-label={t('toolbar')}>
        {takesItems && (
          <div className="page-workspace__tools">
            <button
              type="button"
              className="button button--ghost page-workspace__tool"
              aria-pressed={tool.mode === 'select'}
              onClick={() => setTool({ mode: 'select' })}
              disabled={disabled}
            >
              {t('select')}
            </button>
            {(kindTools ? kinds : []).map((kind) => (
              <button
                key={kind}
                type="button"
                className="button button--ghost page-workspace__tool"
                data-kind={kind}
                aria-pressed={toolIsKind(kind)}
                onClick={() => chooseKind(kind)}
                disabled={disabled}
              >
                {kindLabel(kind)}
              </button>
            ))}
            {tool.mode !== 'select' && (
              <button
                type="button"
                className="button button--secondary page-workspace__tool--add"
                disabled={disabled}
                onClick={() => {
                  const template = tool.mode === 'place' ? tool.template : templateFor(tool.mode === 'ink' ? 'ink' : tool.kind, newTexts);
                  if (template.kind === 'ink' || (template.kind === 'image' && !('image' in template && template.image))) return;
                  placeOnCurrentPage(template);
                }}
              >
                {t('addToPage', { page: currentPage })}
              </button>
            )}
          </div>
        )}
        <div className="page-workspace__view-controls">
          {takesItems && (
            <>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => step('undo')}
                disabled={disabled || history.current.past.length === 0}
                aria-keyshortcuts="Control+Z"
              >
                {t('undo')}
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => step('redo')}
                disabled={disabled || history.current.future.length === 0}
                aria-keyshortcuts="Control+Shift+Z"
              >
                {t('redo')}
              </button>
              <button type="button" className="button button--ghost" onClick={() => selected && removeItem(selected.id)} disabled={disabled || !selected}>
                {t('delete')}
              </button>
              <span className="page-workspace__divider" aria-hidden="true" />
            </>
          )}
          <button type="button" className="button button--ghost" onClick={() => zoomBy(1 / ZOOM_STEP)} aria-label={t('zoomOut')} disabled={scale <= MIN_SCALE}>
            −
          </button>
          <output className="page-workspace__zoom" aria-live="polite">
            {t('zoomLevel', { percent: Math.round(scale * 100) })}
          </output>
          <button type="button" className="button button--ghost" onClick={() => zoomBy(ZOOM_STEP)} aria-label={t('zoomIn')} disabled={scale >= MAX_SCALE}>
            +
          </button>
          <button type="button" className="button button--ghost" onClick={() => setZoom('fit')} aria-pressed={zoom === 'fit'}>
            {t('fitWidth')}
          </button>
        </div>
      </div>
      <input
        ref={pictureInput}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        aria-label={t('choosePicture')}
        onChange={(event) => void onPicture(event.target.files?.[0])}
      />
      {pictureProblem && (
        <p className="form-field__error" role="alert">
          {t('pictureFailed')}
        </p>
      )}
      {extraTools?.(api)}
      {takesItems && (
        <p className="page-workspace__hint form-field__help" aria-live="polite">
          {hint} <span className="page-workspace__count">{t('itemCount', { count: items.length })}</span>
        </p>
      )}
      <div className="page-workspace__body">
        {/* Over the pages, not above them: choosing an item must not move the page under the pointer. */}
        {/* Hidden while drawing, so the panel never takes the clicks meant for the page. */}
        {selected && tool.mode === 'select' && (
          <ItemInspector item={selected} onChange={commitItem} onClose={() => setSelectedId(undefined)} disabled={disabled} pageCount={pageCount} />
        )}
        <ThumbnailStrip doc={doc} currentPage={currentPage} onChoose={scrollToPage} itemsOnPage={(page) => byPage.get(page)?.length ?? 0} />
        <div className="page-workspace__scroller" ref={setScroller} data-testid="page-workspace-scroller" tabIndex={-1}>
          <div className="page-workspace__pages" style={{ height: virtualizer.getTotalSize() + PAGE_GAP }}>
            {rows.map((row) => {
              const number = row.index + 1;
              const frame = frameOf(number) ?? firstFrame;
              return (
                <div key={row.key} className="page-workspace__row" data-index={row.index} style={{ transform: `translateY(${row.start}px)` }}>
                  <WorkspacePage
                    doc={doc}
                    number={number}
                    frame={frame}
                    scale={scale}
                    items={byPage.get(number) ?? noItems}
                    selectedId={selectedId}
                    tool={tool}
                    disabled={disabled}
                    labelOf={labelOf}
                    pageLabel={t('pageOf', { page: number, count: pageCount })}
                    newTexts={newTexts}
                    onSelect={setSelectedId}
                    onCommit={commitFromPage}
                    onRemove={removeItem}
                    onActivate={setCurrentPage}
                    inkToJoin={inkToJoin}
                    overlay={renderPageOverlay?.({ number, frame, scale })}
                    withoutFormFields={withoutFormFields}
                    takesItems={takesItems}
                  />
                </div>
              );
            })}
          </div>
        </div>
      </div>
    </div>
  );
}
