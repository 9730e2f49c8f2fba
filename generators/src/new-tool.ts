/**
 * `npm run new-tool -- <id> --category <category> --endpoint /api/v1/...`
 * writes registry/<id>.tool.ts, server/src/processors/<id>/<id>.processor.ts, its
 * HTTP spec beside it and web/e2e/scenarios/<id>.scenario.ts from
 * generators/templates, takes the tool off the planned list, regenerates
 * registry/index.ts and writes the tool's English catalogue
 * (web/src/locales/en/tools/<id>.json), whose keys every language then
 * translates (`npm run locales` lists what each one lacks). Nothing else needs
 * editing by hand.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { camelCase, CATEGORIES, ENDPOINT_PATTERN, pascalCase } from '@folio/registry';
import { REGISTRY_DIR, writeRegistryIndex } from './registry-index';

const REPO = resolve(__dirname, '../..');
const TEMPLATES = resolve(__dirname, '../templates');
const PROCESSORS_DIR = join(REPO, 'server/src/processors');
const SCENARIOS_DIR = join(REPO, 'web/e2e/scenarios');
const CATEGORY_IDS: readonly string[] = CATEGORIES.map((category) => category.id);

export interface NewToolRequest {
  id: string;
  category: string;
  endpoint: string;
  title?: string;
  subtitle?: string;
}

export class NewToolError extends Error {}

function render(template: string, values: Record<string, string>): string {
  return readFileSync(join(TEMPLATES, template), 'utf8').replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    if (!(key in values)) throw new Error(`Template ${template} uses unknown placeholder {{${key}}}`);
    return values[key];
  });
}

const quote = (text: string) => text.replace(/\\/g, '\\\\').replace(/'/g, "\\'");

/** Where an endpoint is already declared, if anywhere. */
function endpointOwner(endpoint: string, registryDir: string): string | undefined {
  return readdirSync(registryDir)
    .filter((file) => file.endsWith('.tool.ts'))
    .find((file) => readFileSync(join(registryDir, file), 'utf8').includes(`endpoint: '${endpoint}'`));
}

/** Removes the tool's line from registry/planned.ts, returning its title and subtitle. */
function takeOffPlannedList(id: string, registryDir: string): { title: string; subtitle: string } | undefined {
  const file = join(registryDir, 'planned.ts');
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((line) => line.includes(`id: '${id}',`));
  if (index < 0) return undefined;
  const title = /title: '((?:[^'\\]|\\.)*)'/.exec(lines[index])?.[1];
  const subtitle = /subtitle: '((?:[^'\\]|\\.)*)'/.exec(lines[index])?.[1];
  lines.splice(index, 1);
  writeFileSync(file, lines.join('\n'));
  return title && subtitle ? { title, subtitle } : undefined;
}

export interface NewToolDirs {
  registry: string;
  processors: string;
  scenarios: string;
}

const REPO_DIRS: NewToolDirs = { registry: REGISTRY_DIR, processors: PROCESSORS_DIR, scenarios: SCENARIOS_DIR };

/** Writes a tool's four files: declaration, processor, HTTP spec, browser scenario. */
export function createTool(request: NewToolRequest, dirs: NewToolDirs = REPO_DIRS): string[] {
  const { id, category, endpoint } = request;
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) throw new NewToolError(`Tool id "${id}" must be kebab-case, like pdf-to-word.`);
  if (!CATEGORY_IDS.includes(category)) throw new NewToolError(`--category must be one of ${CATEGORY_IDS.join(', ')}; got "${category}".`);
  if (!ENDPOINT_PATTERN.test(endpoint)) throw new NewToolError(`--endpoint must look like /api/v1/general/rotate-pdf; got "${endpoint}".`);

  const toolFile = join(dirs.registry, `${id}.tool.ts`);
  const processorDir = join(dirs.processors, id);
  const processorFile = join(processorDir, `${id}.processor.ts`);
  const specFile = join(processorDir, `${id}.http.spec.ts`);
  const scenarioFile = join(dirs.scenarios, `${id}.scenario.ts`);
  if (existsSync(toolFile)) throw new NewToolError(`Tool "${id}" already exists: registry/${id}.tool.ts.`);
  if (existsSync(processorDir)) throw new NewToolError(`A processor folder for "${id}" already exists: server/src/processors/${id}/.`);
  if (existsSync(scenarioFile)) throw new NewToolError(`A browser scenario for "${id}" already exists: web/e2e/scenarios/${id}.scenario.ts.`);
  const owner = endpointOwner(endpoint, dirs.registry);
  if (owner) throw new NewToolError(`Endpoint ${endpoint} is already declared in registry/${owner}.`);

  const planned = takeOffPlannedList(id, dirs.registry);
  const title =
    request.title ??
    planned?.title ??
    id
      .split('-')
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' ');
  const subtitle = request.subtitle ?? planned?.subtitle ?? 'TODO: one sentence for the card and the page.';
  const values = {
    id,
    category,
    endpoint,
    title: quote(title),
    subtitle: quote(subtitle),
    camelId: camelCase(id),
    pascalId: pascalCase(id),
    underscoreId: id.replace(/-/g, '_'),
  };
  mkdirSync(processorDir, { recursive: true });
  mkdirSync(dirs.scenarios, { recursive: true });
  writeFileSync(toolFile, render('tool.ts.tmpl', values));
  writeFileSync(processorFile, render('processor.ts.tmpl', values));
  writeFileSync(specFile, render('http.spec.ts.tmpl', values));
  writeFileSync(scenarioFile, render('scenario.ts.tmpl', values));
  return [toolFile, processorFile, specFile, scenarioFile];
}

function parseArgs(argv: string[]): NewToolRequest {
  const [id, ...rest] = argv;
  const flag = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  if (!id || id.startsWith('--') || !flag('category') || !flag('endpoint')) {
    throw new NewToolError(
      'Usage: npm run new-tool -- <id> --category <organize|convert-to|convert-from|security|edit|advanced> --endpoint /api/v1/... [--title "..."] [--subtitle "..."]',
    );
  }
  return { id, category: flag('category')!, endpoint: flag('endpoint')!, title: flag('title'), subtitle: flag('subtitle') };
}

if (require.main === module) {
  try {
    const written = createTool(parseArgs(process.argv.slice(2)));
    writeRegistryIndex();
    for (const file of written) console.log(`wrote ${file.replace(`${REPO}/`, '')}`);
    // The catalogue is written from the built registry, which now includes the new declaration.
    execFileSync('npm', ['run', 'build', '-w', '@folio/registry'], { cwd: REPO, stdio: 'ignore' });
    execFileSync('node', [join(__dirname, 'locale-catalogues.js')], { cwd: REPO, stdio: 'inherit' });
    console.log(
      'updated registry/index.ts and the English catalogue; fill in the TODOs, `npm run locales` again, translate, then `npm start` shows the new page.',
    );
  } catch (error) {
    if (!(error instanceof NewToolError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
