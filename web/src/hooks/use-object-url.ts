import { useEffect, useState } from 'react';

/**
 * An object URL for a Blob, revoked when the Blob changes or the component
 * unmounts. Created in an effect (not a memo) so React's StrictMode re-run does
 * not leave the page holding a revoked URL.
 */
export function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);

  return url;
}
