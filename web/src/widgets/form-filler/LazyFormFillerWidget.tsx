import { lazy, Suspense } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/formFiller.json';
import type { WidgetProps } from '../widget-types';

// The form filler and its stylesheet load with Fill Form's page only, not with every page of the app.
const FormFiller = lazy(() => import('./FormFillerWidget').then((module) => ({ default: module.FormFillerWidget })));

/** Fill Form's fields on the pages, fetched when first shown. */
export function LazyFormFillerWidget(props: WidgetProps) {
  const t = useMessages('formFiller', english);
  return (
    <Suspense fallback={<p className="form-field__help">{t('reading')}</p>}>
      <FormFiller {...props} />
    </Suspense>
  );
}
