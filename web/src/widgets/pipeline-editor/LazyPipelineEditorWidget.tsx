import { lazy, Suspense } from 'react';
import type { WidgetProps } from '../widget-types';

// The editor and rjsf are loaded with the Pipeline page only, not with every page of the app.
const PipelineEditor = lazy(() => import('./PipelineEditorWidget').then((module) => ({ default: module.PipelineEditorWidget })));

/** The pipeline editor, fetched when first shown. */
export function LazyPipelineEditorWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<p className="field__help">Loading the pipeline editor…</p>}>
      <PipelineEditor {...props} />
    </Suspense>
  );
}
