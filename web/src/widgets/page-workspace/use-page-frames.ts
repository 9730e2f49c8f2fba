import { useCallback, useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from '../../pdf-rendering/open-pdf';
import { normaliseRotation, type PageFrame } from '../../pdf-rendering/page-frame';

/**
 * Each page's frame (unturned size in points and turn), read from pdf.js when a
 * page is first needed: a 500-page file does not load 500 pages to open.
 * `frameOf` answers undefined until then and re-renders when it arrives.
 */
export function usePageFrames(doc: PDFDocumentProxy): (page: number) => PageFrame | undefined {
  const frames = useRef(new Map<number, PageFrame>());
  const asked = useRef(new Set<number>());
  const [, setVersion] = useState(0);

  useEffect(() => {
    frames.current = new Map();
    asked.current = new Set();
    setVersion((v) => v + 1);
  }, [doc]);

  return useCallback(
    (page: number) => {
      const known = frames.current.get(page);
      if (known || asked.current.has(page) || page < 1 || page > doc.numPages) return known;
      asked.current.add(page);
      void doc
        .getPage(page)
        .then((proxy) => {
          const [x0, y0, x1, y1] = proxy.view;
          frames.current.set(page, { width: x1 - x0, height: y1 - y0, rotation: normaliseRotation(proxy.rotate) });
          setVersion((v) => v + 1);
        })
        .catch(() => undefined);
      return undefined;
    },
    [doc],
  );
}
