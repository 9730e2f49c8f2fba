import type { ResultViewProps } from './index';

/** Sizes in words: bytes below 1 KB, then KB and MB with two decimals (as the page shows uploads). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

const sizeOf = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * Compress PDF's result: how much smaller the file became, or that it was
 * already optimised (returned unchanged) or damaged (returned repaired), and whether a target size was met,
 * from the headers the server sends with the PDF (X-Compression-*).
 */
export function CompressionSummaryView({ headers }: ResultViewProps) {
  const original = sizeOf(headers['x-compression-original-size']);
  const result = sizeOf(headers['x-compression-result-size']);
  const outcome = headers['x-compression-outcome'];
  const target = sizeOf(headers['x-compression-target-size']);
  const targetMet = headers['x-compression-target-met'];
  if (original === undefined || result === undefined) return null;

  const saved = original > 0 ? Math.round((1 - result / original) * 100) : 0;
  return (
    <div className="compression-summary" data-testid="compression-summary">
      {outcome === 'already-optimised' ? (
        <p className="compression-summary__line compression-summary__line--neutral" data-testid="compression-outcome" data-outcome={outcome}>
          Already optimised: no method made this file smaller, so it comes back unchanged ({formatBytes(original)}).
        </p>
      ) : outcome === 'repaired' ? (
        <p className="compression-summary__line compression-summary__line--neutral" data-testid="compression-outcome" data-outcome={outcome}>
          The file was damaged: it comes back repaired ({formatBytes(result)}), though no smaller.
        </p>
      ) : (
        <p className="compression-summary__line compression-summary__line--good" data-testid="compression-outcome" data-outcome={outcome}>
          Reduced from {formatBytes(original)} to {formatBytes(result)} ({saved}% smaller).
        </p>
      )}
      {target !== undefined && targetMet === 'false' && (
        <p className="compression-summary__line compression-summary__line--warning" data-testid="compression-target" data-target-met="false">
          Target of {formatBytes(target)} not met: the smallest result reached is {formatBytes(result)}.
        </p>
      )}
      {target !== undefined && targetMet === 'true' && (
        <p className="compression-summary__line compression-summary__line--good" data-testid="compression-target" data-target-met="true">
          Target of {formatBytes(target)} met.
        </p>
      )}
    </div>
  );
}
