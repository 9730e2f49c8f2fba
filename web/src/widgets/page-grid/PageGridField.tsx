import { matchesFileType } from '@folio/registry';
import { lazy, Suspense, useCallback } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pageGrid.json';
import { textValue } from '../field-attributes';
import type { WidgetComponent } from '../widget-types';
import { pageGridModeOf } from './field-mode';

const PageGrid = lazy(() => import('./PageGrid'));

/** A stable key per chosen File, so choosing another file starts a fresh grid. */
const fileKeys = new WeakMap<File, number>();
let nextFileKey = 1;
function keyOf(file: File): number {
  let key = fileKeys.get(file);
  if (key === undefined) fileKeys.set(file, (key = nextFileKey++));
  return key;
}

/**
 * Shown under every page field (`pages(...)`): with one PDF chosen, a grid of
 * its pages to click (and, for an order, drag) instead of typing. The field's
 * text stays what is sent; the grid reads it and writes it.
 */
export const PageGridField: WidgetComponent = ({ id, field, value, onChange, disabled, form }) => {
  const t = useMessages('pageGrid', english);
  const files = form?.files ?? [];
  const file = files.length === 1 && matchesFileType(files[0]!, ['pdf']) ? files[0] : undefined;
  const mode = pageGridModeOf(field, form?.values ?? {});
  const onText = useCallback((text: string) => onChange(text), [onChange]);
  if (!file || !mode) return null;
  return (
    <Suspense fallback={<p className="form-field__help">{t('loading')}</p>}>
      <PageGrid key={keyOf(file)} file={file} mode={mode} text={textValue(value)} onText={onText} disabled={disabled ?? false} hintId={`${id}-grid-hint`} />
    </Suspense>
  );
};
