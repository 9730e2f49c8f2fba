import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/toolPage.json';
import type { ResultViewKey } from '@folio/registry';
import { useMemo } from 'react';
import { ContinueWithTool } from '../../file-handoff/ContinueWithTool';
import { useObjectUrl } from '../../hooks/use-object-url';
import { RESULT_VIEWS } from '../../result-views';
import { downloadFile } from './download-file';
import { ResultOpenLink } from './ResultOpenLink';
import { ResultPreview } from './ResultPreview';
import { ResultTextArea } from './ResultTextArea';
import { ResultWindow } from './ResultWindow';
import { useFocusResult } from './use-focus-result';
import type { ToolResult } from './tool-result';

/**
 * The finished result, shown as its kind asks (registry `ResultKind`): the pages
 * drawn in the page for a PDF, a read-only text area for text, a new window for HTML, an
 * open-in-new-tab link for CSV; every kind also gets the download button. A PDF
 * can go on to another tool (`toolId` is this one) without a download.
 */
export function ToolResultPanel({
  result,
  downloadLabel,
  view,
  toolId,
}: {
  result: ToolResult;
  downloadLabel?: string;
  view?: ResultViewKey;
  toolId?: string;
}) {
  const t = useMessages('toolPage', english);
  const url = useObjectUrl(result.body);
  const focusResult = useFocusResult();
  const resultFile = useMemo(() => (result.kind === 'pdf' ? new File([result.body], result.fileName, { type: 'application/pdf' }) : undefined), [result]);
  if (!url) return null;
  // A batch comes back as a ZIP: a tool's own view reads one result only.
  const View = view && result.kind !== 'zip' ? RESULT_VIEWS[view] : undefined;

  return (
    <section className="tool-result" aria-labelledby="tool-result-heading" data-result-kind={result.kind}>
      <div className="tool-result__header">
        <div className="tool-result__heading">
          <h2 id="tool-result-heading" className="tool-result__title" ref={focusResult} tabIndex={-1}>
            {t('resultReady')}
          </h2>
          <p className="tool-result__name">{result.fileName}</p>
        </div>
        <div className="tool-result__actions">
          {result.kind === 'csv' && <ResultOpenLink body={result.body} label={t('openCsv')} viewAs="text/plain;charset=utf-8" />}
          {result.kind === 'html' && <ResultOpenLink body={result.body} label={t('openResult')} />}
          <button type="button" className="button button--primary" data-testid="download-result" onClick={() => downloadFile(url, result.fileName)}>
            <svg className="button__icon" viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 4v11m0 0-4-4m4 4 4-4" />
              <path d="M5 19h14" />
            </svg>
            {downloadLabel ?? t('download')}
          </button>
        </div>
      </div>
      {resultFile && <ContinueWithTool result={resultFile} fromToolId={toolId} />}
      {result.kind === 'pdf' && <ResultPreview body={result.body} />}
      {result.kind === 'text' && <ResultTextArea body={result.body} />}
      {result.kind === 'html' && <ResultWindow body={result.body} />}
      {View && <View body={result.body} headers={result.headers ?? {}} inputs={result.inputs ?? []} />}
    </section>
  );
}
