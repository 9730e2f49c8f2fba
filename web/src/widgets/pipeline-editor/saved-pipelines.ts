import { parsePipelineDefinition, type PipelineDefinition } from '@folio/registry';

/**
 * Pipelines kept in the browser (localStorage), by name: saving under a name
 * already kept replaces it. Entries that no longer read as definitions are
 * skipped rather than breaking the list.
 */

export const SAVED_PIPELINES_KEY = 'folio.pipelines';
/** Most pipelines kept; the oldest go first. */
export const MAX_SAVED_PIPELINES = 20;

/** The part of Storage used here, so tests can pass a Map-backed one. */
export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export function listSaved(store: KeyValueStore): PipelineDefinition[] {
  let raw: unknown;
  try {
    raw = JSON.parse(store.getItem(SAVED_PIPELINES_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = parsePipelineDefinition(JSON.stringify(entry));
    return 'definition' in parsed && parsed.definition.name.trim() !== '' ? [parsed.definition] : [];
  });
}

/** Keeps the definition under its name (moved to the top); returns the new list. */
export function savePipeline(store: KeyValueStore, definition: PipelineDefinition): PipelineDefinition[] {
  const others = listSaved(store).filter((saved) => saved.name !== definition.name);
  const next = [definition, ...others].slice(0, MAX_SAVED_PIPELINES);
  store.setItem(SAVED_PIPELINES_KEY, JSON.stringify(next));
  return next;
}

export function deleteSaved(store: KeyValueStore, name: string): PipelineDefinition[] {
  const next = listSaved(store).filter((saved) => saved.name !== name);
  store.setItem(SAVED_PIPELINES_KEY, JSON.stringify(next));
  return next;
}
