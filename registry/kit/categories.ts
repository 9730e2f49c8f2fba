/**
 * The six tool categories, in home-page order. `id` is the route segment:
 * a tool lives at `/tools/<category id>/<tool id>`.
 */
export const CATEGORIES = [
  { id: 'organize', label: 'Manage Files', toolCount: 12 },
  { id: 'convert-to', label: 'Export to PDF', toolCount: 10 },
  { id: 'convert-from', label: 'Import from PDF', toolCount: 14 },
  { id: 'security', label: 'Secure & Sign', toolCount: 14 },
  { id: 'edit', label: 'Edit & Annotate', toolCount: 17 },
  { id: 'advanced', label: 'Advanced Tools', toolCount: 15 },
] as const;

export type Category = (typeof CATEGORIES)[number];
export type CategoryId = Category['id'];

export function toolPath(tool: { category: CategoryId; id: string }): string {
  return `/tools/${tool.category}/${tool.id}`;
}
