import { analysisDocumentPropertiesTool } from '@folio/registry';
import { noBrowserRun } from '../scenario';

export default noBrowserRun(analysisDocumentPropertiesTool, 'API only: the reference’s analysis endpoints have no page; the HTTP spec covers the answers');
