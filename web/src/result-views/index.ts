import type { ResultViewKey } from '@folio/registry';
import type { ComponentType } from 'react';
import { CompressionSummaryView } from './CompressionSummaryView';
import { JavascriptCodeView } from './JavascriptCodeView';
import { PdfInfoView } from './PdfInfoView';
import { RedactionSummaryView } from './RedactionSummaryView';
import { RepairSummaryView } from './RepairSummaryView';
import { SignatureListView } from './SignatureListView';

/** What a result view gets: the answer's body and headers (names in lower case), as the server sent them. */
export interface ResultViewProps {
  body: Blob;
  headers: Readonly<Record<string, string>>;
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
  'compression-summary': CompressionSummaryView,
  'redaction-summary': RedactionSummaryView,
  'repair-summary': RepairSummaryView,
} satisfies Record<ResultViewKey, ResultViewComponent>;
