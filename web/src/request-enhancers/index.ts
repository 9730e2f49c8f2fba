import type { RequestEnhancerKey } from '@folio/registry';
import { cropBox } from './crop-box';
import { documentInfoChanges } from './document-info-changes';
import { singleHtmlFile } from './single-html-file';
import type { RequestEnhancer } from './request-enhancer';

/** One function per key the registry may name in `requestEnhancer`; a missing one is a compile error. */
export const REQUEST_ENHANCERS = {
  'crop-box': cropBox,
  'single-html-file': singleHtmlFile,
  'document-info-changes': documentInfoChanges,
} satisfies Record<RequestEnhancerKey, RequestEnhancer>;

export type { RequestEnhancer };
