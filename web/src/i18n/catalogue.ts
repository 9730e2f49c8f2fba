import type { ToolTexts } from '@folio/registry/kit/tool-texts';

/** One language's translations, as loaded with its chunk (catalogues/<code>.ts). */
export interface Catalogue {
  /** The app's ICU messages, by `<namespace>.<key>`: locales/<code>/app/<namespace>.json. */
  messages: Record<string, string>;
  /** Each tool's texts: locales/<code>/tools/<id>.json. */
  tools: Record<string, ToolTexts>;
  /** The registry's other texts by file: locales/<code>/registry/<file>.json. e.g. `registry.categories.edit` */
  registry: Record<string, Record<string, string>>;
}

/** English needs none: the declarations and locales/en/app are the source. */
export const SOURCE_CATALOGUE: Catalogue = { messages: {}, tools: {}, registry: {} };

/** Puts one language's JSON files (by path, as Vite's glob gives them) into a catalogue. */
export function assembleCatalogue(files: Record<string, Record<string, string>>): Catalogue {
  const catalogue: Catalogue = { messages: {}, tools: {}, registry: {} };
  for (const [path, texts] of Object.entries(files)) {
    const match = /\/(app|tools|registry)\/([^/]+)\.json$/.exec(path);
    if (!match) throw new Error(`A catalogue file outside app/, tools/ or registry/: ${path}`);
    const [, folder, name] = match as unknown as [string, 'app' | 'tools' | 'registry', string];
    if (folder === 'app') for (const [key, message] of Object.entries(texts)) catalogue.messages[`${name}.${key}`] = message;
    else catalogue[folder][name] = texts;
  }
  return catalogue;
}
