import type { ResultViewKey } from '@folio/registry';
import type { ComponentType } from 'react';
import { ComparisonView } from './ComparisonView';
import { CompressionSummaryView } from './CompressionSummaryView';
import { JavascriptCodeView } from './JavascriptCodeView';
import { PdfInfoView } from './PdfInfoView';
import { RedactionSummaryView } from './RedactionSummaryView';
import { RepairSummaryView } from './RepairSummaryView';
import { SignatureListView } from './SignatureListView';

/**
 * What a result view gets: the answer's body and headers (names in lower case),
 * as the server sent them, and the files the request sent (main files first,
 * then each `file` field's, in declaration order).
 */
export interface ResultViewProps {
  body: Blob;
  headers: Readonly<Record<string, string>>;
  inputs: readonly File[];
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
  comparison: ComparisonView,
} satisfies Record<ResultViewKey, ResultViewComponent>;
