import { CATEGORIES, matchesFileType, type AnyTool, type Category } from '@folio/registry';

/** The tools in one category that take a file. */
export interface ToolGroup {
  category: Category;
  tools: AnyTool[];
}

/**
 * The tools whose main input accepts `file` (by the same rule the file area
 * applies), grouped by category in home-page order, `except` the tool the
 * file comes from. Categories with none are left out.
 */
export function toolsTakingFile(file: { name: string; type?: string }, tools: readonly AnyTool[], except?: string): ToolGroup[] {
  const taking = tools.filter((tool) => tool.id !== except && matchesFileType(file, tool.input.accept));
  return CATEGORIES.map((category) => ({ category, tools: taking.filter((tool) => tool.category === category.id) })).filter((group) => group.tools.length > 0);
}
