import { useEffect, useState, type MouseEvent, type PointerEvent } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pageGrid.json';
import type { ThumbnailRenderer } from '../../pdf-rendering/thumbnail-renderer';

interface PageCellProps {
  page: number;
  /** Place in the grid's arrangement, for keyboard moves. */
  index: number;
  selected: boolean;
  /** In an order: where the page comes in the new document (1-based), when chosen. */
  position?: number;
  /** The grid's one Tab stop (roving tabindex); arrow keys move it. */
  tabbable: boolean;
  /** Being dragged: shown faded where it was. */
  lifted: boolean;
  disabled: boolean;
  width: number;
  thumbHeight: number;
  renderer: ThumbnailRenderer | undefined;
  onClick(page: number, event: MouseEvent): void;
  onPointerDown(page: number, event: PointerEvent): void;
}

/** One page of the grid: a toggle button with its thumbnail, drawn once the cell is on screen. */
export function PageCell({ page, index, selected, position, tabbable, lifted, disabled, width, thumbHeight, renderer, onClick, onPointerDown }: PageCellProps) {
  const t = useMessages('pageGrid', english);
  const [thumbnail, setThumbnail] = useState(() => renderer?.cached(page));

  useEffect(() => {
    if (!renderer) return;
    const cached = renderer.cached(page);
    setThumbnail(cached);
    if (cached !== undefined) return;
    // Leaving the screen aborts the request: it leaves the queue, or its drawing stops.
    const stop = new AbortController();
    void renderer.request(page, stop.signal).then((url) => {
      if (!stop.signal.aborted && url !== undefined) setThumbnail(url);
    });
    return () => stop.abort();
  }, [renderer, page]);

  const label = position === undefined ? t('page', { page }) : t('pageInOrder', { page, position });
  return (
    <button
      type="button"
      className="page-grid__page"
      data-page={page}
      data-index={index}
      data-drawn={thumbnail !== undefined || undefined}
      aria-pressed={selected}
      aria-label={label}
      tabIndex={tabbable ? 0 : -1}
      disabled={disabled}
      data-lifted={lifted || undefined}
      style={{ width }}
      onClick={(event) => onClick(page, event)}
      onPointerDown={(event) => onPointerDown(page, event)}
    >
      <span className="page-grid__thumb" style={{ height: thumbHeight }}>
        {thumbnail !== undefined && <img className="page-grid__image" src={thumbnail} alt="" draggable={false} />}
      </span>
      <span className="page-grid__number">{page}</span>
      {selected && (
        <span className="page-grid__mark" aria-hidden="true">
          {position ?? (
            <svg viewBox="0 0 24 24">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          )}
        </span>
      )}
    </button>
  );
}
