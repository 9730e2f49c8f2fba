import { workspaceWidget } from '../page-workspace/PageWorkspaceWidget';
import { RedactionSearch } from './RedactionSearch';

/** Manual Redact's areas: boxes drawn on the pages, or put over every occurrence of a search. */
export const RedactionWorkspaceWidget = workspaceWidget({
  extraTools: (api) => <RedactionSearch api={api} disabled={false} />,
});
