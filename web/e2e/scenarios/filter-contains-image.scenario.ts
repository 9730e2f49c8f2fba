import { filterContainsImageTool } from '@folio/registry';
import { noBrowserRun } from '../scenario';

export default noBrowserRun(filterContainsImageTool, 'API only: a filter for API clients and pipelines, with no page of its own');
