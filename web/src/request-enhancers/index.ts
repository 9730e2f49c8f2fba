import type { RequestEnhancerKey } from '@folio/registry';
import { cropBox } from './crop-box';
import { singleHtmlFile } from './single-html-file';
import type { RequestEnhancer } from './request-enhancer';

/** One function per key the registry may name in `requestEnhancer`; a missing one is a compile error. */
export const REQUEST_ENHANCERS = {
  'crop-box': cropBox,
  'single-html-file': singleHtmlFile,
} satisfies Record<RequestEnhancerKey, RequestEnhancer>;

export type { RequestEnhancer };
