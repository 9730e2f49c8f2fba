import { useCallback, useState } from 'react';
import { stateOfText, textOfState, type PageGridMode, type PageGridState } from './page-grid-state';

/** What the grid last agreed with: the field's text, for this many pages, read this way. */
interface Synced {
  text: string;
  pageCount: number;
  mode: PageGridMode;
}

/**
 * The grid's state, in step with the field's text both ways: a new text (typed,
 * or reset by the form) is read into the grid when valid and ignored when not;
 * `change` shows a new state and writes its text into the field. The grid's own
 * writes are not read back, so a page chosen in an order stays where it is
 * instead of jumping to where reading its text would put it.
 */
export function usePageGridState(text: string, pageCount: number, mode: PageGridMode, onText: (text: string) => void) {
  const [state, setState] = useState<PageGridState>(() => stateOfText(text, pageCount, mode) ?? stateOfText('', pageCount, mode)!);
  const [synced, setSynced] = useState<Synced>({ text, pageCount, mode });

  if (synced.text !== text || synced.pageCount !== pageCount || synced.mode !== mode) {
    // State adjusted while rendering (React's pattern for state that follows a prop): no frame shows the old grid.
    setSynced({ text, pageCount, mode });
    const shapeChanged = synced.pageCount !== pageCount || synced.mode !== mode;
    const read = stateOfText(text, pageCount, mode) ?? (shapeChanged ? stateOfText('', pageCount, mode) : undefined);
    if (read) setState(read);
  }

  const change = useCallback(
    (next: PageGridState) => {
      const written = textOfState(next, mode);
      setSynced({ text: written, pageCount, mode });
      setState(next);
      onText(written);
    },
    [mode, pageCount, onText],
  );

  return { state, change };
}
