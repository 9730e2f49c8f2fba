import { redactExecuteTool } from '@folio/registry';
import { noBrowserRun } from '../scenario';

export default noBrowserRun(redactExecuteTool, 'API only: the reference’s redact-execute endpoint has no page; the HTTP spec covers the answers');
