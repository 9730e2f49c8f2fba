import { matchesFileType } from '@folio/registry';
import { useEffect, useRef, useState } from 'react';
import type { ChosenFileFacts } from '../chosen-file-facts/use-chosen-file-facts';
import { useObjectUrl } from '../hooks/use-object-url';
import { drawPage } from '../pdf-rendering/draw-page';
import { holdDocument } from '../pdf-rendering/shared-documents';
import { useNearView } from './use-near-view';
import '../styles/file-preview.css';

/** The thumbnail's box, in CSS pixels; a page or an image is fitted inside it. */
const BOX_WIDTH = 36;
const BOX_HEIGHT = 46;

/** Images every browser draws; TIFF is not among them, and gets the icon. */
const DRAWABLE_IMAGES = ['jpeg', 'png', 'gif', 'bmp', 'svg'] as const;

type Drawing = 'waiting' | 'drawn' | 'unavailable';

/**
 * A chosen file's thumbnail, made in the browser and never uploaded for it:
 * a PDF's first page drawn by pdf.js, an image itself, any other file an icon.
 * Drawn only once the row scrolls into view, and stopped when it leaves the
 * list. A PDF pdf.js cannot open shows the icon, and the row says why.
 */
export function FileThumbnail({ file, facts }: { file: File; facts: ChosenFileFacts }) {
  const box = useRef<HTMLSpanElement>(null);
  const near = useNearView(box, '64px');
  const kind = facts.state !== 'not-pdf' ? 'pdf' : matchesFileType(file, DRAWABLE_IMAGES) ? 'image' : 'other';
  const unreadable = facts.state === 'locked' || facts.state === 'damaged';

  return (
    <span ref={box} className="file-thumbnail" data-testid="file-thumbnail" data-kind={kind}>
      {kind === 'pdf' && near && !unreadable ? <PdfFirstPage file={file} /> : null}
      {kind === 'image' && near ? <ImageThumbnail file={file} /> : null}
      {kind === 'other' || unreadable ? <FileIcon /> : null}
    </span>
  );
}

function PdfFirstPage({ file }: { file: File }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawing, setDrawing] = useState<Drawing>('waiting');

  useEffect(() => {
    const target = canvas.current;
    if (!target) return;
    const stop = new AbortController();
    const hold = holdDocument(file);
    hold.document
      .then(async (doc) => {
        const page = await doc.getPage(1);
        const { width, height } = page.getViewport({ scale: 1 });
        const cssWidth = Math.min(BOX_WIDTH, (BOX_HEIGHT * width) / height);
        target.style.width = `${cssWidth}px`;
        await drawPage(doc, 1, target, cssWidth, stop.signal);
        if (!stop.signal.aborted) setDrawing('drawn');
      })
      // A page pdf.js cannot draw keeps the icon; the row's text says the preview is not available.
      .catch(() => !stop.signal.aborted && setDrawing('unavailable'));
    return () => {
      stop.abort();
      hold.release();
    };
  }, [file]);

  return (
    <>
      <canvas ref={canvas} className="file-thumbnail__page" data-state={drawing} hidden={drawing !== 'drawn'} aria-hidden="true" />
      {drawing !== 'drawn' && <FileIcon />}
    </>
  );
}

function ImageThumbnail({ file }: { file: File }) {
  const url = useObjectUrl(file);
  const [failed, setFailed] = useState(false);
  if (failed) return <FileIcon />;
  return url ? <img className="file-thumbnail__image" src={url} alt="" onError={() => setFailed(true)} /> : null;
}

function FileIcon() {
  return (
    <svg className="file-thumbnail__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z" />
      <path d="M14 3v5h5" />
    </svg>
  );
}
