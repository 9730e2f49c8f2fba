import type { ResultViewProps } from './index';
import { redactionSummary } from './redaction-summary';

/**
 * Auto Redact's result: where besides the page text the words were removed,
 * which attached files were removed, and what could not be cleared (with why).
 */
export function RedactionSummaryView({ headers }: ResultViewProps) {
  const summary = redactionSummary(headers);
  if (!summary) return null;
  return (
    <div className="result-notes" data-testid="redaction-summary">
      {summary.cleared.length > 0 && (
        <p className="result-notes__line result-notes__line--good" data-testid="redaction-cleared">
          Also removed from: {summary.cleared.join(', ')}.
        </p>
      )}
      {summary.droppedFiles.length > 0 && (
        <p className="result-notes__line" data-testid="redaction-dropped-files">
          Attached files removed (their name or content held the text, or they could not be searched): {summary.droppedFiles.join(', ')}.
        </p>
      )}
      {summary.notCleared.map((line) => (
        <p key={line} className="result-notes__line result-notes__line--warning" data-testid="redaction-not-cleared">
          {line}
        </p>
      ))}
    </div>
  );
}
