import { analysisBasicInfoTool } from '@folio/registry';
import { noBrowserRun } from '../scenario';

export default noBrowserRun(analysisBasicInfoTool, 'API only: the reference’s analysis endpoints have no page; the HTTP spec covers the answers');
