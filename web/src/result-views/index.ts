import type { ResultViewKey } from '@folio/registry';
import type { ComponentType } from 'react';
import { JavascriptCodeView } from './JavascriptCodeView';
import { PdfInfoView } from './PdfInfoView';
import { SignatureListView } from './SignatureListView';

/** What a result view gets: the answer's body, as the server sent it. */
export interface ResultViewProps {
  body: Blob;
}

export type ResultViewComponent = ComponentType<ResultViewProps>;

/**
 * Every view a tool's `result.view` can name, keyed as registry/kit/result-view-keys.ts
 * lists them; `satisfies` makes a key without a component a compile error.
 */
export const RESULT_VIEWS = {
  'signature-list': SignatureListView,
  'pdf-info': PdfInfoView,
  'javascript-code': JavascriptCodeView,
} satisfies Record<ResultViewKey, ResultViewComponent>;
