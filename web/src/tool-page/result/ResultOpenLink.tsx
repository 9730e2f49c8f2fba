import { useMemo } from 'react';
import { useObjectUrl } from '../../hooks/use-object-url';

interface ResultOpenLinkProps {
  body: Blob;
  label: string;
  /**
   * The type the new tab is given, where it differs from the answer's: browsers
   * save text/csv instead of showing it, and show it when called text/plain.
   */
  viewAs?: string;
}

/** A link that opens the result in a new tab (PDF to CSV; PDF to HTML when its window was blocked). */
export function ResultOpenLink({ body, label, viewAs }: ResultOpenLinkProps) {
  const viewed = useMemo(() => (viewAs ? new Blob([body], { type: viewAs }) : body), [body, viewAs]);
  const url = useObjectUrl(viewed);
  if (!url) return null;
  return (
    <a className="button button--secondary" href={url} target="_blank" rel="noopener" data-testid="result-open-link">
      <svg className="button__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M14 4h6v6M20 4l-9 9" />
        <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
      </svg>
      {label}
    </a>
  );
}
