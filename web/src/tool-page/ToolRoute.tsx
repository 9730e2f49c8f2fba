import { tools } from '@folio/registry';
import { ToolMessagesContext } from '../i18n/tool-messages';
import { useLocalizedTool } from '../i18n/use-localized-tool';
import { assertWidgetsResolve } from './form/resolve-widget';
import { ToolPage } from './ToolPage';

// Checked when the first tool page loads, for every tool at once, so a missing
// widget fails there rather than on the one page that needs it.
assertWidgetsResolve(tools);

const TOOLS_BY_ID = new Map(tools.map((tool) => [tool.id, tool]));

/**
 * The tool page of one route: loaded with the first tool page visited (App.tsx),
 * it brings the declarations, their zod schemas and the widgets.
 */
export default function ToolRoute({ id }: { id: string }) {
  const declared = TOOLS_BY_ID.get(id);
  if (!declared) throw new Error(`No tool "${id}" in the registry; the app was built from another registry (web/vite.config.ts, toolCatalogModule).`);
  return <LocalizedToolPage declared={declared} />;
}

/** The page reads the declaration in the visitor's language; names, values and schemas stay the declaration's own. */
function LocalizedToolPage({ declared }: { declared: (typeof tools)[number] }) {
  const { tool, translateMessage } = useLocalizedTool(declared);
  return (
    <ToolMessagesContext.Provider value={translateMessage}>
      <ToolPage tool={tool} />
    </ToolMessagesContext.Provider>
  );
}
