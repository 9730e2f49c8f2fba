import { useEffect, useState } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pageGrid.json';
import { pageAspect } from '../../pdf-rendering/draw-page';
import { openPdf, type PDFDocumentProxy } from '../../pdf-rendering/open-pdf';
import { PageGridView } from './PageGridView';
import type { PageGridMode } from './page-grid-state';
import '../../styles/page-grid.css';

type Opened = { kind: 'opening' } | { kind: 'ready'; doc: PDFDocumentProxy; aspect: number } | { kind: 'locked' } | { kind: 'failed' };

export interface PageGridProps {
  file: File;
  mode: PageGridMode;
  text: string;
  onText(text: string): void;
  disabled: boolean;
  /** Id for the hint under the grid. */
  hintId: string;
}

const HINTS = { selection: 'hintSelection', order: 'hintOrder' } as const satisfies Record<PageGridMode, keyof typeof english>;

/**
 * The chosen PDF's pages under a page field, opened with pdf.js in the browser
 * (its worker parses; nothing is uploaded for this). Loaded lazily with its
 * library, so pages without a grid never pay for it.
 */
export default function PageGrid({ file, mode, text, onText, disabled, hintId }: PageGridProps) {
  const t = useMessages('pageGrid', english);
  const [opened, setOpened] = useState<Opened>({ kind: 'opening' });

  useEffect(() => {
    let doc: PDFDocumentProxy | undefined;
    let gone = false;
    setOpened({ kind: 'opening' });
    openPdf(file)
      .then(async (opening) => {
        doc = opening;
        const aspect = await pageAspect(opening, 1);
        if (!gone) setOpened({ kind: 'ready', doc: opening, aspect });
      })
      .catch((error: unknown) => {
        if (!gone) setOpened({ kind: (error as Error | undefined)?.name === 'PasswordException' ? 'locked' : 'failed' });
      });
    return () => {
      gone = true;
      void doc?.destroy();
    };
  }, [file]);

  if (opened.kind !== 'ready') {
    return (
      <p className="page-grid__status form-field__help" data-testid="page-grid-status" data-state={opened.kind}>
        {opened.kind === 'opening' && t('loading')}
        {opened.kind === 'locked' && t('locked')}
        {opened.kind === 'failed' && t('failed')}
      </p>
    );
  }
  return (
    <>
      <PageGridView doc={opened.doc} aspect={opened.aspect} mode={mode} text={text} onText={onText} disabled={disabled} hintId={hintId} />
      <p className="form-field__help" id={hintId}>
        {t(HINTS[mode])}
      </p>
    </>
  );
}
