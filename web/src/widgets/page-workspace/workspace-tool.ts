import type { PageItem, PageItemKind } from '@folio/registry';

/** An item ready to be put on a page: everything but where. */
export type ItemTemplate = PageItem extends infer Item ? (Item extends PageItem ? Omit<Item, 'page' | 'x' | 'y'> : never) : never;

/**
 * What a press on a page does, chosen in the toolbar: choose and move items,
 * drag out a new one, draw ink, or put a prepared item (a signature) where the
 * visitor clicks.
 */
export type WorkspaceTool =
  { mode: 'select' } | { mode: 'drag'; kind: PageItemKind } | { mode: 'ink' } | { mode: 'place'; template: ItemTemplate; label: string };

/** Kinds drawn by dragging out a rectangle (or a line); the others are placed by a click. */
export const DRAGGED_KINDS: readonly PageItemKind[] = ['box', 'rectangle', 'ellipse', 'line', 'arrow', 'highlight', 'underline', 'strikeout'];

/** The tool a kind's toolbar button picks. */
export function toolForKind(kind: PageItemKind, template: () => ItemTemplate, label: string): WorkspaceTool {
  if (kind === 'ink') return { mode: 'ink' };
  if (DRAGGED_KINDS.includes(kind)) return { mode: 'drag', kind };
  return { mode: 'place', template: template(), label };
}
