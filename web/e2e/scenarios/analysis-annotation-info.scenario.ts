import { analysisAnnotationInfoTool } from '@folio/registry';
import { noBrowserRun } from '../scenario';

export default noBrowserRun(analysisAnnotationInfoTool, 'API only: the reference’s analysis endpoints have no page; the HTTP spec covers the answers');
