import { filterContainsTextTool } from '@folio/registry';
import { noBrowserRun } from '../scenario';

export default noBrowserRun(filterContainsTextTool, 'API only: a filter for API clients and pipelines, with no page of its own');
