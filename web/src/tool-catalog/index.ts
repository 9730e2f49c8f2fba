import catalog from 'virtual:tool-catalog';

/**
 * The home page's categories and cards, and the tool routes: computed from the
 * registry when the app is built (web/vite.config.ts), so the first page the
 * browser loads carries titles and paths, not the declarations and zod.
 */
export const TOOL_CATALOG = catalog;

/** Every registered tool's id and page path (planned tools have cards but no page). */
export const TOOL_ROUTES: readonly { id: string; path: string }[] = catalog
  .flatMap((category) => category.cards)
  .filter((card) => card.available)
  .map(({ id, path }) => ({ id, path }));
