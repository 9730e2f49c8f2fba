import { addCommentsTool } from '@folio/registry';
import { noBrowserRun } from '../scenario';

export default noBrowserRun(
  addCommentsTool,
  'API only: the reference’s comment endpoint has no page of its own (annotating comes with the page workspace); the HTTP spec covers the answers',
);
