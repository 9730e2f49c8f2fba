import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useState } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pageWorkspace.json';
import type { PDFDocumentProxy } from '../../pdf-rendering/open-pdf';
import { ThumbnailRenderer } from '../../pdf-rendering/thumbnail-renderer';

/** Each thumbnail's slot (CSS pixels): a portrait page's thumbnail and its number. */
const SLOT_HEIGHT = 132;

interface ThumbnailStripProps {
  doc: PDFDocumentProxy;
  currentPage: number;
  onChoose(page: number): void;
  /** How many items the page holds, shown as a badge. */
  itemsOnPage(page: number): number;
}

function Thumbnail({ renderer, page }: { renderer: ThumbnailRenderer; page: number }) {
  const [url, setUrl] = useState(() => renderer.cached(page));
  useEffect(() => {
    const cached = renderer.cached(page);
    setUrl(cached);
    if (cached !== undefined) return;
    const stop = new AbortController();
    void renderer.request(page, stop.signal).then((drawn) => !stop.signal.aborted && drawn && setUrl(drawn));
    return () => stop.abort();
  }, [renderer, page]);
  return <span className="page-workspace__thumb">{url && <img src={url} alt="" draggable={false} />}</span>;
}

/**
 * The pages as a column of small pictures beside the workspace (hidden on a
 * phone, where the page counter moves between pages): only those in view are
 * in the DOM and drawn.
 */
export function ThumbnailStrip({ doc, currentPage, onChoose, itemsOnPage }: ThumbnailStripProps) {
  const t = useMessages('pageWorkspace', english);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [renderer, setRenderer] = useState<ThumbnailRenderer>();
  useEffect(() => {
    const made = ThumbnailRenderer.of(doc);
    setRenderer(made);
    return () => made.dispose();
  }, [doc]);
  const virtualizer = useVirtualizer({ count: doc.numPages, getScrollElement: () => scroller, estimateSize: () => SLOT_HEIGHT, overscan: 3 });
  useEffect(() => {
    virtualizer.scrollToIndex(currentPage - 1, { align: 'auto' });
  }, [virtualizer, currentPage]);

  return (
    <nav className="page-workspace__thumbnails" aria-label={t('thumbnails')} ref={setScroller}>
      <ol style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const page = row.index + 1;
          const count = itemsOnPage(page);
          return (
            <li key={row.key} style={{ transform: `translateY(${row.start}px)` }}>
              <button type="button" aria-current={page === currentPage ? 'page' : undefined} onClick={() => onChoose(page)}>
                {renderer && <Thumbnail renderer={renderer} page={page} />}
                <span className="page-workspace__thumb-number">
                  {/* The name is the words, not the bare number shown: "Page 3, 2 items placed". */}
                  <span className="visually-hidden">{t('page', { page })}</span>
                  <span aria-hidden="true">{page}</span>
                  {count > 0 && (
                    <span className="page-workspace__badge">
                      <span aria-hidden="true">{count}</span>
                      <span className="visually-hidden">, {t('itemCount', { count })}</span>
                    </span>
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
