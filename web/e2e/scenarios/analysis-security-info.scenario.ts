import { analysisSecurityInfoTool } from '@folio/registry';
import { noBrowserRun } from '../scenario';

export default noBrowserRun(analysisSecurityInfoTool, 'API only: the reference’s analysis endpoints have no page; the HTTP spec covers the answers');
