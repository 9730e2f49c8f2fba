import { PREVIEW_HEIGHT_PX } from '@folio/registry';
import { useEffect, useState } from 'react';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/widgets.json';
import { NumberWidget } from './NumberWidget';
import type { WidgetComponent } from './widget-types';

/** The spec's preview draws at most 300 lines each way (spec §2, §9). */
const MAX_LINES = 300;
/** Larger files are not parsed in the browser for a preview: it would take seconds and hundreds of MB. */
const MAX_PREVIEW_BYTES = 50 * 1024 * 1024;
/** Redraw once typing pauses. */
const REDRAW_DELAY_MS = 200;
const LINE_COLOUR = { red: 0.86, green: 0.1, blue: 0.1 };

/** The first page of the chosen file, alone in a PDF of its own, ready to draw lines on. */
interface FirstPage {
  bytes: Uint8Array;
  /** The file is encrypted: its content cannot be copied, so the page is shown blank at its size. */
  blank: boolean;
}

type PreviewState = { kind: 'none' } | { kind: 'loading' } | { kind: 'too-large' } | { kind: 'failed' } | { kind: 'ready'; page: FirstPage };

/** A division count as the preview draws it: a whole number from 0, at most MAX_LINES; anything else draws none. */
function lineCount(value: unknown): number {
  const number = typeof value === 'number' ? value : Number(String(value ?? '').trim() || NaN);
  return Number.isInteger(number) && number > 0 ? Math.min(number, MAX_LINES) : 0;
}

async function readFirstPage(file: File): Promise<FirstPage> {
  const { PDFDocument } = await import('pdf-lib'); // only this page pays for the PDF parser
  const source = await PDFDocument.load(await file.arrayBuffer(), { ignoreEncryption: true, updateMetadata: false });
  const single = await PDFDocument.create({ updateMetadata: false });
  if (source.isEncrypted) {
    const from = source.getPage(0);
    const crop = from.getCropBox();
    const page = single.addPage([crop.width, crop.height]);
    page.setRotation(from.getRotation());
    return { bytes: await single.save(), blank: true };
  }
  const [copy] = await single.copyPages(source, [0]);
  single.addPage(copy);
  return { bytes: await single.save(), blank: false };
}

/**
 * The page with red lines where it will be cut: `columns` - 1 lines across the
 * width and `rows` - 1 down the height, of the page as it is shown (its crop box,
 * turned by /Rotate), drawn into the PDF itself so they sit exactly on the
 * content whatever the browser's viewer does around the page.
 */
async function drawGrid(page: FirstPage, verticalLines: number, horizontalLines: number): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await import('pdf-lib');
  const doc = await PDFDocument.load(page.bytes, { updateMetadata: false });
  const target = doc.getPage(0);
  const box = target.getCropBox();
  const turn = ((Math.round(target.getRotation().angle / 90) % 4) + 4) % 4;
  const [shownWidth, shownHeight] = turn % 2 === 0 ? [box.width, box.height] : [box.height, box.width];
  // Shown position (u from the left, w from the top) → the page's own coordinates, as the server cuts it.
  const own = (u: number, w: number) => {
    const [x0, y0, x1, y1] = [box.x, box.y, box.x + box.width, box.y + box.height];
    if (turn === 1) return { x: x0 + w, y: y0 + u };
    if (turn === 2) return { x: x1 - u, y: y0 + w };
    if (turn === 3) return { x: x1 - w, y: y1 - u };
    return { x: x0 + u, y: y1 - w };
  };
  const thickness = Math.max(shownWidth, shownHeight) / 500;
  const color = rgb(LINE_COLOUR.red, LINE_COLOUR.green, LINE_COLOUR.blue);
  for (let i = 1; i <= verticalLines; i++) {
    const u = (shownWidth * i) / (verticalLines + 1);
    target.drawLine({ start: own(u, 0), end: own(u, shownHeight), thickness, color });
  }
  for (let j = 1; j <= horizontalLines; j++) {
    const w = (shownHeight * j) / (horizontalLines + 1);
    target.drawLine({ start: own(0, w), end: own(shownWidth, w), thickness, color });
  }
  return doc.save();
}

/**
 * Split by Sections' Vertical Divisions: its number input, and under it the
 * live preview the spec asks for: the chosen file's first page in the
 * browser's PDF viewer with red lines where the page will be cut, redrawn as
 * either division count changes (horizontal divisions are cuts across the
 * width, vertical ones down the height, as the server cuts).
 */
export const SectionGridWidget: WidgetComponent = (props) => {
  const t = useMessages('widgets', english);
  const file = props.form?.files[0];
  const verticalLines = lineCount(props.form?.values.horizontalDivisions);
  const horizontalLines = lineCount(props.value);
  const [state, setState] = useState<PreviewState>({ kind: 'none' });
  /** The frame's PDF and the lines drawn in it (vertical, horizontal). */
  const [drawing, setDrawing] = useState<{ url: string; lines: string }>();

  useEffect(() => {
    if (!file) return setState({ kind: 'none' });
    if (file.size > MAX_PREVIEW_BYTES) return setState({ kind: 'too-large' });
    let current = true;
    setState({ kind: 'loading' });
    readFirstPage(file).then(
      (page) => current && setState({ kind: 'ready', page }),
      () => current && setState({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [file]);

  useEffect(() => {
    if (state.kind !== 'ready') return setDrawing(undefined);
    let current = true;
    let drawn: string | undefined;
    const timer = setTimeout(() => {
      drawGrid(state.page, verticalLines, horizontalLines).then(
        (bytes) => {
          if (!current) return;
          drawn = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
          setDrawing({ url: drawn, lines: `${verticalLines},${horizontalLines}` });
        },
        () => current && setState({ kind: 'failed' }),
      );
    }, REDRAW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
      // The frame keeps showing the last drawing until the next one replaces it.
      if (drawn) setTimeout(() => URL.revokeObjectURL(drawn!), 5_000);
    };
  }, [state, verticalLines, horizontalLines]);

  const sections = (verticalLines + 1) * (horizontalLines + 1);
  return (
    <>
      <NumberWidget {...props} />
      {state.kind !== 'none' && (
        <figure className="section-grid" style={{ margin: 0 }} data-testid="section-preview" data-lines={drawing?.lines}>
          {state.kind === 'ready' && drawing && (
            // The result preview's frame: the same 600 px box, the viewer's toolbar hidden.
            <iframe
              className="tool-result__preview"
              title={t('sectionPreviewTitle')}
              src={`${drawing.url}#toolbar=0&navpanes=0`}
              height={PREVIEW_HEIGHT_PX}
              style={{ height: PREVIEW_HEIGHT_PX }}
              data-testid="section-preview-frame"
            />
          )}
          <figcaption className="form-field__help">
            {state.kind === 'loading' && t('sectionPreviewLoading')}
            {state.kind === 'too-large' && t('sectionPreviewTooLarge')}
            {state.kind === 'failed' && t('sectionPreviewFailed')}
            {state.kind === 'ready' &&
              t(state.page.blank ? 'sectionPreviewCaptionEncrypted' : 'sectionPreviewCaption', {
                columns: verticalLines + 1,
                rows: horizontalLines + 1,
                sections,
              })}
          </figcaption>
        </figure>
      )}
    </>
  );
};
