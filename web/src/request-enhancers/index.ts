import type { RequestEnhancerKey } from '@folio/registry';
import { cropBox } from './crop-box';
import type { RequestEnhancer } from './request-enhancer';

/** One function per key the registry may name in `requestEnhancer`; a missing one is a compile error. */
export const REQUEST_ENHANCERS = {
  'crop-box': cropBox,
} satisfies Record<RequestEnhancerKey, RequestEnhancer>;

export type { RequestEnhancer };
