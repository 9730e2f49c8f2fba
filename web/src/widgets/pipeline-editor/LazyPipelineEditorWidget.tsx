import { lazy, Suspense } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pipelineEditor.json';
import type { WidgetProps } from '../widget-types';

// The editor and rjsf are loaded with the Pipeline page only, not with every page of the app.
const PipelineEditor = lazy(() => import('./PipelineEditorWidget').then((module) => ({ default: module.PipelineEditorWidget })));

/** The pipeline editor, fetched when first shown. */
export function LazyPipelineEditorWidget(props: WidgetProps) {
  const t = useMessages('pipelineEditor', english);
  return (
    <Suspense fallback={<p className="field__help">{t('loading')}</p>}>
      <PipelineEditor {...props} />
    </Suspense>
  );
}
