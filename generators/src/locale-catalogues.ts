/**
 * The web app's translation catalogues (web/src/locales/<code>/):
 * - `tools/<id>.json`: a tool's texts by key, and `registry/*.json`: the
 *   registry's other texts (category names, shared texts, pipeline messages).
 *   English is written here from the declarations (`toolTexts`); every other
 *   language translates those keys. Plain texts, not ICU messages.
 * - `app/<namespace>.json`: the rest of the app's texts (header, home, tool
 *   page, static pages), ICU messages. English is the source, edited by hand.
 *
 * `npm run locales` rewrites the English tool catalogues; `--check` compares
 * them and every language's catalogues with the English ones and exits 1 on
 * any difference: a missing or stale file or key, an empty text, a placeholder
 * or ICU argument the English has and the translation lacks (or the reverse),
 * a message that does not parse.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse, type Token } from '@messageformat/parser';
import { CATEGORIES, FILE_TYPES, LOCALES, PIPELINE_MESSAGES, SHARED_TEXTS, SOURCE_LOCALE, tools, toolTexts, type AnyTool } from '@folio/registry';

export const LOCALES_DIR = resolve(__dirname, '../../web/src/locales');

type Catalogue = Record<string, string>;

const toJson = (catalogue: Readonly<Catalogue>) => `${JSON.stringify(catalogue, null, 2)}\n`;

/** The English catalogues written from the registry, by path under a language's folder. e.g. 'tools/rotate.json' */
export function englishRegistryCatalogues(declared: readonly AnyTool[] = tools): Map<string, string> {
  return new Map([
    ...declared.map((tool): [string, string] => [`tools/${tool.id}.json`, toJson(toolTexts(tool))]),
    ['registry/categories.json', toJson(Object.fromEntries(CATEGORIES.map((category) => [category.id, category.label])))],
    ['registry/shared.json', toJson(SHARED_TEXTS)],
    ['registry/pipeline.json', toJson(PIPELINE_MESSAGES)],
    ['registry/file-types.json', toJson(Object.fromEntries(Object.entries(FILE_TYPES).map(([key, type]) => [key, type.label])))],
  ]);
}

/** The folders the registry's catalogues are written to. */
const REGISTRY_FOLDERS = ['tools', 'registry'];

function jsonFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((file) => file.endsWith('.json')) : [];
}

function readCatalogue(path: string): Catalogue {
  return JSON.parse(readFileSync(path, 'utf8')) as Catalogue;
}

/** Writes web/src/locales/en/{tools,registry}/*.json; returns the files it changed or removed. */
export function writeEnglishRegistryCatalogues(dir = LOCALES_DIR): string[] {
  const englishDir = join(dir, SOURCE_LOCALE);
  const next = englishRegistryCatalogues();
  const changed: string[] = [];
  for (const [file, text] of next) {
    const path = join(englishDir, file);
    if (existsSync(path) && readFileSync(path, 'utf8') === text) continue;
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, text);
    changed.push(path);
  }
  for (const folder of REGISTRY_FOLDERS) {
    for (const file of jsonFiles(join(englishDir, folder)).filter((file) => !next.has(`${folder}/${file}`))) {
      rmSync(join(englishDir, folder, file));
      changed.push(join(englishDir, folder, file));
    }
  }
  return changed;
}

/** The names a message needs filled in: ICU arguments (`{count}`, `{count, plural, ...}`) and rich-text tags (`<0>`). */
function icuArguments(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select') {
        names.add(token.arg);
        for (const branch of token.cases) visit(branch.tokens);
      }
    }
  };
  visit(parse(message));
  for (const tag of message.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag[1]}>`);
  return [...names].sort();
}

/** Placeholders a plain tool text keeps as written. e.g. `{FORMAT}` */
function plainPlaceholders(text: string): string[] {
  return [...text.matchAll(/\{[A-Za-z]+\}/g)].map((match) => match[0]).sort();
}

/** What is wrong with one language's catalogue against the English one, each as a sentence naming file and key. */
function compareCatalogues(where: string, english: Catalogue, translated: Catalogue, placeholders: (text: string) => string[]): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) {
    const text = translated[key];
    if (text === undefined) {
      problems.push(`${where}: missing "${key}" (English: ${JSON.stringify(english[key])})`);
      continue;
    }
    if (typeof text !== 'string' || text.trim() === '') {
      problems.push(`${where}: "${key}" is empty`);
      continue;
    }
    let expected: string[];
    let found: string[];
    try {
      expected = placeholders(english[key]!);
      found = placeholders(text);
    } catch (error) {
      problems.push(`${where}: "${key}" does not parse: ${(error as Error).message}`);
      continue;
    }
    if (expected.join() !== found.join())
      problems.push(`${where}: "${key}" has ${found.join(' ') || 'no placeholders'}, the English ${expected.join(' ') || 'none'}`);
  }
  for (const key of Object.keys(translated)) if (!(key in english)) problems.push(`${where}: stale "${key}" (no such English text)`);
  return problems;
}

/** Every difference between the catalogues and the English source, as sentences; none when all is well. */
export function catalogueProblems(dir = LOCALES_DIR): string[] {
  const problems: string[] = [];
  const englishDir = join(dir, SOURCE_LOCALE);
  const generated = englishRegistryCatalogues();
  for (const [file, text] of generated) {
    const path = join(englishDir, file);
    if (!existsSync(path) || readFileSync(path, 'utf8') !== text)
      problems.push(`${SOURCE_LOCALE}/${file} is out of date with the registry: run \`npm run locales\``);
  }
  for (const folder of REGISTRY_FOLDERS) {
    for (const file of jsonFiles(join(englishDir, folder)))
      if (!generated.has(`${folder}/${file}`)) problems.push(`${SOURCE_LOCALE}/${folder}/${file}: not in the registry`);
  }
  const appFiles = jsonFiles(join(englishDir, 'app')).map((file) => `app/${file}`);
  for (const file of appFiles) {
    for (const [key, message] of Object.entries(readCatalogue(join(englishDir, file)))) {
      try {
        icuArguments(message);
      } catch (error) {
        problems.push(`${SOURCE_LOCALE}/${file}: "${key}" does not parse: ${(error as Error).message}`);
      }
    }
  }

  const sources = [
    ...[...generated].map(([file, text]) => ({ file, english: JSON.parse(text) as Catalogue, placeholders: plainPlaceholders })),
    ...appFiles.map((file) => ({ file, english: readCatalogue(join(englishDir, file)), placeholders: icuArguments })),
  ];
  for (const { code } of LOCALES.filter((locale) => locale.code !== SOURCE_LOCALE)) {
    for (const { file, english, placeholders } of sources) {
      const path = join(dir, code, file);
      if (!existsSync(path)) problems.push(`${code}/${file}: missing`);
      else problems.push(...compareCatalogues(`${code}/${file}`, english, readCatalogue(path), placeholders));
    }
    for (const folder of [...REGISTRY_FOLDERS, 'app']) {
      for (const file of jsonFiles(join(dir, code, folder))) {
        if (!sources.some((source) => source.file === `${folder}/${file}`)) problems.push(`${code}/${folder}/${file}: stale (no such English catalogue)`);
      }
    }
  }
  return problems;
}

if (require.main === module) {
  if (process.argv.includes('--check')) {
    const problems = catalogueProblems();
    if (problems.length > 0) {
      console.error(`The translation catalogues (web/src/locales) differ from the English source:\n${problems.map((p) => `- ${p}`).join('\n')}`);
      process.exit(1);
    }
  } else {
    const changed = writeEnglishRegistryCatalogues();
    console.log(
      changed.length > 0 ? `updated ${changed.length} English catalogues from the registry.` : 'English catalogues from the registry already up to date.',
    );
    const problems = catalogueProblems();
    if (problems.length > 0) console.log(`Still to translate or fix (${problems.length}):\n${problems.map((p) => `- ${p}`).join('\n')}`);
  }
}
