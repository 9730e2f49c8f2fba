import { useEffect, useState } from 'react';

/**
 * A result's text: null while it is being read, '' when it cannot be. A newer
 * Blob replaces an older one still being read, whose text is then dropped.
 */
export function useBlobText(body: Blob): string | null {
  const [text, setText] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    setText(null);
    body.text().then(
      (value) => current && setText(value),
      () => current && setText(''),
    );
    return () => {
      current = false;
    };
  }, [body]);

  return text;
}
