import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/toolPage.json';
import { formatSizeLimit, PREVIEW_HEIGHT_PX } from '@folio/registry';
import { useEffect, useRef, useState } from 'react';
import { drawPage, pageAspect } from '../../pdf-rendering/draw-page';
import { needsPassword, openPdf, type PDFDocumentProxy } from '../../pdf-rendering/open-pdf';

type Opened = { kind: 'opening' } | { kind: 'ready'; doc: PDFDocumentProxy; aspect: number } | { kind: 'locked' } | { kind: 'failed' };

/**
 * A PDF result drawn in the page with pdf.js, 600 px high (spec §9) and
 * scrolling: it shows the same on every browser (phones often show nothing in
 * a frame) and never runs the document's scripts. Pages are drawn as they
 * scroll into view, so a long result costs only what is looked at.
 */
export function ResultPreview({ body }: { body: Blob }) {
  const t = useMessages('toolPage', english);
  const [opened, setOpened] = useState<Opened>({ kind: 'opening' });
  // The scrolling box, not the window, decides which pages are near the view.
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);

  useEffect(() => {
    let doc: PDFDocumentProxy | undefined;
    // Stops an opening still under way when the result goes (a new run, a file added).
    const gone = new AbortController();
    setOpened({ kind: 'opening' });
    openPdf(body, gone.signal)
      .then(async (opening) => {
        doc = opening;
        const aspect = await pageAspect(opening, 1);
        if (!gone.signal.aborted) setOpened({ kind: 'ready', doc: opening, aspect });
      })
      .catch((error: unknown) => {
        if (!gone.signal.aborted) setOpened({ kind: needsPassword(error) ? 'locked' : 'failed' });
      });
    return () => {
      gone.abort();
      void doc?.destroy();
    };
  }, [body]);

  const pageCount = opened.kind === 'ready' ? opened.doc.numPages : undefined;
  return (
    <figure className="result-preview" data-testid="result-preview" data-state={opened.kind} data-page-count={pageCount} style={{ height: PREVIEW_HEIGHT_PX }}>
      <figcaption className="result-preview__caption">
        {pageCount === undefined ? t('preview') : t('pageCount', { count: pageCount })} · {formatSizeLimit(body.size)}
      </figcaption>
      <div ref={setScroller} className="result-preview__pages" tabIndex={0} aria-label={t('previewPages')}>
        {opened.kind === 'opening' && <p className="result-preview__message">{t('loadingPreview')}</p>}
        {opened.kind === 'locked' && <p className="result-preview__message">{t('previewLocked')}</p>}
        {opened.kind === 'failed' && <p className="result-preview__message">{t('previewFailed')}</p>}
        {opened.kind === 'ready' &&
          scroller &&
          Array.from({ length: opened.doc.numPages }, (_, i) => (
            <PreviewPage key={i} doc={opened.doc} pageNumber={i + 1} aspect={opened.aspect} scroller={scroller} />
          ))}
      </div>
    </figure>
  );
}

/** One page: a placeholder of the first page's shape until it scrolls near the view, then the drawing. */
function PreviewPage({ doc, pageNumber, aspect, scroller }: { doc: PDFDocumentProxy; pageNumber: number; aspect: number; scroller: HTMLElement }) {
  const t = useMessages('toolPage', english);
  const holder = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const watcher = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), { root: scroller, rootMargin: `${PREVIEW_HEIGHT_PX}px 0px` });
    watcher.observe(element);
    return () => watcher.disconnect();
  }, [scroller]);

  useEffect(() => {
    const element = holder.current;
    if (!near || !element || !canvas.current) return;
    const stop = new AbortController();
    drawPage(doc, pageNumber, canvas.current, element.clientWidth, stop.signal)
      .then(() => !stop.signal.aborted && setDrawn(true))
      .catch(() => undefined); // a page pdf.js cannot draw stays a blank placeholder
    return () => stop.abort();
  }, [near, doc, pageNumber]);

  return (
    <div
      ref={holder}
      className="result-preview__page"
      data-page={pageNumber}
      data-drawn={drawn || undefined}
      style={drawn ? undefined : { aspectRatio: `1 / ${aspect}` }}
    >
      <canvas ref={canvas} role="img" aria-label={t('pageNumber', { number: pageNumber })} />
    </div>
  );
}
