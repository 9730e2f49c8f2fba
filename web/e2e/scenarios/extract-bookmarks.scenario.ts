import { extractBookmarksTool } from '@folio/registry';
import { noBrowserRun } from '../scenario';

export default noBrowserRun(extractBookmarksTool, 'API only: the reference’s bookmark export has no page; the HTTP spec covers the answers');
