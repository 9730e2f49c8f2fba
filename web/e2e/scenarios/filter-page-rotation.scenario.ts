import { filterPageRotationTool } from '@folio/registry';
import { noBrowserRun } from '../scenario';

export default noBrowserRun(filterPageRotationTool, 'API only: a filter for API clients and pipelines, with no page of its own');
