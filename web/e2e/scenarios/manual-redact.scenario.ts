import { manualRedactTool } from '@folio/registry';
import { noBrowserRun } from '../scenario';

export default noBrowserRun(manualRedactTool, 'API only: the page where a visitor draws boxes comes with the page workspace; the HTTP spec covers the answers');
