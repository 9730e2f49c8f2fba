import { CATEGORIES, pipelineStepBlocker, type AnyTool } from '@folio/registry';

/** One tool as the step picker lists it: every tool, with why it cannot be a step where it cannot. */
export interface CatalogueEntry {
  tool: AnyTool;
  blocker?: string;
}

export interface CatalogueGroup {
  id: string;
  label: string;
  entries: CatalogueEntry[];
}

/** Tools by category, in home-page order, those matching `query` (title, subtitle or endpoint, any case). */
export function toolCatalogue(tools: readonly AnyTool[], query: string): CatalogueGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (tool: AnyTool) => {
    const text = `${tool.title} ${tool.subtitle} ${tool.endpoint}`.toLowerCase();
    return words.every((word) => text.includes(word));
  };
  return CATEGORIES.map((category) => ({
    id: category.id,
    label: category.label,
    entries: tools
      .filter((tool) => tool.category === category.id && matches(tool))
      .map((tool) => {
        const blocker = pipelineStepBlocker(tool);
        return blocker ? { tool, blocker } : { tool };
      }),
  })).filter((group) => group.entries.length > 0);
}
