import { useLingui } from '@lingui/react';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/resultViews.json';
import type { ResultViewProps } from './index';
import { redactionSummary } from './redaction-summary';

/**
 * Auto Redact's result: where besides the page text the words were removed,
 * which attached files were removed, and what could not be cleared (with why).
 */
export function RedactionSummaryView({ headers }: ResultViewProps) {
  const t = useMessages('resultViews', english);
  const { locale } = useLingui().i18n;
  const summary = redactionSummary(headers);
  if (!summary) return null;
  // 'a, b, c' in English: the items are names, not a sentence's 'a, b and c'.
  const list = (items: string[]) => new Intl.ListFormat(locale, { type: 'unit', style: 'short' }).format(items);
  return (
    <div className="result-notes" data-testid="redaction-summary">
      {summary.cleared.length > 0 && (
        <p className="result-notes__line result-notes__line--good" data-testid="redaction-cleared">
          {t('redactionAlsoRemoved', { places: list(summary.cleared) })}
        </p>
      )}
      {summary.droppedFiles.length > 0 && (
        <p className="result-notes__line" data-testid="redaction-dropped-files">
          {t('redactionDroppedFiles', { files: list(summary.droppedFiles) })}
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
