import { PREVIEW_HEIGHT_PX } from '@folio/registry';
import { useObjectUrl } from '../hooks/use-object-url';
import { downloadFile } from './download-file';
import type { ToolResult } from './use-tool-run';

/** The finished result: a preview frame when it is a single PDF, and a download button. */
export function ToolResultPanel({ result, downloadLabel = 'Download' }: { result: ToolResult; downloadLabel?: string }) {
  const url = useObjectUrl(result.body);
  if (!url) return null;

  return (
    <section className="tool-result" aria-labelledby="tool-result-heading">
      <div className="tool-result__header">
        <div>
          <h2 id="tool-result-heading" className="tool-result__title">
            Your file is ready
          </h2>
          <p className="tool-result__name">{result.fileName}</p>
        </div>
        <button type="button" className="button button--primary" data-testid="download-result" onClick={() => downloadFile(url, result.fileName)}>
          <svg className="button__icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 4v11m0 0-4-4m4 4 4-4" />
            <path d="M5 19h14" />
          </svg>
          {downloadLabel}
        </button>
      </div>
      {result.previewable && (
        <iframe className="tool-result__preview" title="Preview" src={url} height={PREVIEW_HEIGHT_PX} style={{ height: PREVIEW_HEIGHT_PX }} data-testid="result-preview" />
      )}
    </section>
  );
}
