import { CATEGORIES, toolPath, toolsWithPages, type AnyTool, type CategoryId } from './kit';
import { PLANNED_TOOLS } from './planned';

/** One card on the home page. */
export interface ToolCard {
  id: string;
  category: CategoryId;
  title: string;
  subtitle: string;
  path: string;
  /** A registered tool; planned ones lead to the coming-soon page. */
  available: boolean;
}

/** Home-page cards per category, in category order: built tools and planned ones. */
export function toolCatalog(tools: readonly AnyTool[]): { id: CategoryId; label: string; cards: ToolCard[] }[] {
  const cards: ToolCard[] = [
    ...toolsWithPages(tools).map((t) => ({ id: t.id, category: t.category, title: t.title, subtitle: t.subtitle, path: toolPath(t), available: true })),
    ...PLANNED_TOOLS.map((t) => ({ ...t, path: toolPath(t), available: false })),
  ];
  return CATEGORIES.map((category) => ({
    id: category.id,
    label: category.label,
    cards: cards.filter((card) => card.category === category.id).sort((a, b) => a.title.localeCompare(b.title)),
  }));
}
