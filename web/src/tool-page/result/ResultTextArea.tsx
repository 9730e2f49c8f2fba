import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/resultViews.json';
import { useId } from 'react';
import { useBlobText } from '../../hooks/use-blob-text';

/** Tall enough for short results, scrolling past 20 lines. */
const rowsFor = (text: string | null) => Math.min(20, Math.max(6, (text ?? '').split('\n').length + 1));

/** A text result (PDF to Markdown) in a read-only text area, to read or copy from. */
export function ResultTextArea({ body }: { body: Blob }) {
  const t = useMessages('resultViews', english);
  const text = useBlobText(body);
  const id = useId();

  return (
    <div className="tool-result__text">
      <label htmlFor={id} className="tool-result__text-label">
        {t('extractedText')}
      </label>
      <textarea
        id={id}
        className="tool-result__textarea"
        readOnly
        rows={rowsFor(text)}
        value={text ?? ''}
        aria-busy={text === null}
        spellCheck={false}
        data-testid="result-text"
      />
    </div>
  );
}
