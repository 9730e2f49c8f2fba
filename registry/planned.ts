import type { CategoryId } from './kit';

/**
 * Tools on the home page that are not built yet: their cards lead to the
 * coming-soon page. When a tool lands, its `<id>.tool.ts` replaces its line here
 * (registry/catalog.spec.ts fails while both exist).
 */
export interface PlannedTool {
  id: string;
  category: CategoryId;
  title: string;
  subtitle: string;
}

export const PLANNED_TOOLS: readonly PlannedTool[] = [
  // Manage Files
  // Export to PDF
  // Import from PDF
  // Secure & Sign
  // Edit & Annotate
  // Advanced Tools
];
