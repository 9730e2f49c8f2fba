import { useLingui } from '@lingui/react';
import { translate, useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/resultViews.json';
import type { ResultViewProps } from './index';

/**
 * Sizes in words: bytes below 1 KB, then KB and MB with two decimals (as the page shows uploads),
 * in the active language; `locale` writes the digits (no grouping: '1023.50 KB').
 */
export function formatBytes(bytes: number, locale = 'en'): string {
  const digits = (value: number, decimals: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: false }).format(value);
  if (bytes < 1024) return translate('resultViews', english, 'sizeBytes', { size: digits(bytes, 0) });
  if (bytes < 1024 * 1024) return translate('resultViews', english, 'sizeKilobytes', { size: digits(bytes / 1024, 2) });
  return translate('resultViews', english, 'sizeMegabytes', { size: digits(bytes / (1024 * 1024), 2) });
}

const sizeOf = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * Compress PDF's result: how much smaller the file became, or that it was
 * already optimised (returned unchanged) or damaged (returned repaired), and whether a target size was met,
 * from the headers the server sends with the PDF (X-Compression-*).
 */
export function CompressionSummaryView({ headers }: ResultViewProps) {
  const t = useMessages('resultViews', english);
  const { locale } = useLingui().i18n;
  const original = sizeOf(headers['x-compression-original-size']);
  const result = sizeOf(headers['x-compression-result-size']);
  const outcome = headers['x-compression-outcome'];
  const target = sizeOf(headers['x-compression-target-size']);
  const targetMet = headers['x-compression-target-met'];
  if (original === undefined || result === undefined) return null;

  const size = (bytes: number) => formatBytes(bytes, locale);
  // A whole percentage, as a fraction for the percent format; `|| 0` turns a rounded -0 into 0.
  const saved = (original > 0 ? Math.round((1 - result / original) * 100) : 0) || 0;
  return (
    <div className="compression-summary" data-testid="compression-summary">
      {outcome === 'already-optimised' ? (
        <p className="compression-summary__line compression-summary__line--neutral" data-testid="compression-outcome" data-outcome={outcome}>
          {t('compressionAlreadyOptimised', { size: size(original) })}
        </p>
      ) : outcome === 'repaired' ? (
        <p className="compression-summary__line compression-summary__line--neutral" data-testid="compression-outcome" data-outcome={outcome}>
          {t('compressionRepaired', { size: size(result) })}
        </p>
      ) : (
        <p className="compression-summary__line compression-summary__line--good" data-testid="compression-outcome" data-outcome={outcome}>
          {t('compressionReduced', { original: size(original), result: size(result), saved: saved / 100 })}
        </p>
      )}
      {target !== undefined && targetMet === 'false' && (
        <p className="compression-summary__line compression-summary__line--warning" data-testid="compression-target" data-target-met="false">
          {t('compressionTargetNotMet', { target: size(target), result: size(result) })}
        </p>
      )}
      {target !== undefined && targetMet === 'true' && (
        <p className="compression-summary__line compression-summary__line--good" data-testid="compression-target" data-target-met="true">
          {t('compressionTargetMet', { target: size(target) })}
        </p>
      )}
    </div>
  );
}
