import { listAttachmentsTool } from '@folio/registry';
import { noBrowserRun } from '../scenario';

export default noBrowserRun(listAttachmentsTool, 'API only: the reference’s list of attachments has no page of its own; the HTTP spec covers the answers');
