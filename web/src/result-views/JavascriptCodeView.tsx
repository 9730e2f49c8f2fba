import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/resultViews.json';
import { useId, useMemo } from 'react';
import { useBlobText } from '../hooks/use-blob-text';
import type { ResultViewProps } from './index';
import { tokenize } from './javascript-tokens';

/** Highlighted up to this many characters; past them the text is shown plain (a megabyte of spans would stall the page). */
export const HIGHLIGHT_CHARS = 200_000;
/** Shown up to this many characters; the download has everything. */
export const SHOWN_CHARS = 2_000_000;

/**
 * Show Javascript's result (spec §2): the scripts in a scrollable code box,
 * highlighted (comments, strings, keywords, numbers), line endings as the
 * file's CR or CRLF shown as new lines. Very long text is highlighted only at
 * its start and cut where showing it would slow the page, with a note saying so;
 * the 'Download JS' button saves all of it.
 */
export function JavascriptCodeView({ body }: ResultViewProps) {
  const t = useMessages('resultViews', english);
  const text = useBlobText(body);
  const id = useId();

  const shown = useMemo(() => (text === null ? null : prepare(text)), [text]);
  if (shown === null) return null;
  const note =
    shown.limit === 'cut'
      ? t('javascriptNoteCut', { total: millions(shown.length), shown: millions(SHOWN_CHARS), highlighted: HIGHLIGHT_CHARS })
      : shown.limit === 'highlight'
        ? t('javascriptNoteHighlight', { highlighted: HIGHLIGHT_CHARS })
        : undefined;

  return (
    <div className="js-code" data-testid="javascript-code">
      <p id={`${id}-label`} className="js-code__label">
        {t('javascriptLabel')}
      </p>
      {note && (
        <p className="js-code__note" data-testid="javascript-code-note">
          {note}
        </p>
      )}
      <pre className="js-code__box" tabIndex={0} aria-labelledby={`${id}-label`}>
        <code>
          {shown.tokens.map((token, i) =>
            token.kind === 'plain' ? (
              token.text
            ) : (
              <span key={i} className={`js-code__${token.kind}`}>
                {token.text}
              </span>
            ),
          )}
          {shown.rest}
        </code>
      </pre>
    </div>
  );
}

/** Characters in millions, to one decimal. e.g. 2.1 */
const millions = (chars: number) => Math.round(chars / 100_000) / 10;

/**
 * The text as the box shows it: the highlighted start, the plain rest, its length, and
 * which limit the note speaks of: `cut` (not all shown), `highlight` (not all highlighted).
 */
function prepare(raw: string) {
  const text = raw.replace(/\r\n?/g, '\n');
  const cut = text.length > SHOWN_CHARS;
  const visible = cut ? text.slice(0, SHOWN_CHARS) : text;
  const highlighted = visible.slice(0, HIGHLIGHT_CHARS);
  const limit = cut ? 'cut' : visible.length > HIGHLIGHT_CHARS ? 'highlight' : undefined;
  return { tokens: tokenize(highlighted), rest: visible.slice(highlighted.length), length: text.length, limit };
}
