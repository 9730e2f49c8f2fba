/**
 * `npm run new-tool -- <id> --category <category> --endpoint /api/v1/...`
 * writes registry/<id>.tool.ts, server/src/processors/<id>.processor.ts and its
 * spec from generators/templates, takes the tool off the planned list, and
 * regenerates registry/index.ts. Nothing else needs editing by hand.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { camelCase, REGISTRY_DIR, writeRegistryIndex } from './registry-index';

const REPO = resolve(__dirname, '../..');
const TEMPLATES = resolve(__dirname, '../templates');
const PROCESSORS_DIR = join(REPO, 'server/src/processors');
const CATEGORY_IDS = ['organize', 'convert-to', 'convert-from', 'security', 'edit', 'advanced'];

export interface NewToolRequest {
  id: string;
  category: string;
  endpoint: string;
  title?: string;
  subtitle?: string;
}

export class NewToolError extends Error {}

function pascalCase(id: string): string {
  const camel = camelCase(id);
  return camel[0].toUpperCase() + camel.slice(1);
}

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

export function createTool(request: NewToolRequest, dirs = { registry: REGISTRY_DIR, processors: PROCESSORS_DIR }): string[] {
  const { id, category, endpoint } = request;
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) throw new NewToolError(`Tool id "${id}" must be kebab-case, like pdf-to-word.`);
  if (!CATEGORY_IDS.includes(category)) throw new NewToolError(`--category must be one of ${CATEGORY_IDS.join(', ')}; got "${category}".`);
  if (!/^\/api\/v1\/[a-z]+\/[A-Za-z0-9/-]+$/.test(endpoint)) throw new NewToolError(`--endpoint must look like /api/v1/general/rotate-pdf; got "${endpoint}".`);

  const toolFile = join(dirs.registry, `${id}.tool.ts`);
  const processorFile = join(dirs.processors, `${id}.processor.ts`);
  const specFile = join(dirs.processors, `${id}.processor.spec.ts`);
  if (existsSync(toolFile)) throw new NewToolError(`Tool "${id}" already exists: registry/${id}.tool.ts.`);
  if (existsSync(processorFile)) throw new NewToolError(`A processor for "${id}" already exists: server/src/processors/${id}.processor.ts.`);
  const owner = endpointOwner(endpoint, dirs.registry);
  if (owner) throw new NewToolError(`Endpoint ${endpoint} is already declared in registry/${owner}.`);

  const planned = takeOffPlannedList(id, dirs.registry);
  const title = request.title ?? planned?.title ?? id.split('-').map((w) => w[0].toUpperCase() + w.slice(1)).join(' ');
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
  writeFileSync(toolFile, render('tool.ts.tmpl', values));
  writeFileSync(processorFile, render('processor.ts.tmpl', values));
  writeFileSync(specFile, render('processor.spec.ts.tmpl', values));
  return [toolFile, processorFile, specFile];
}

function parseArgs(argv: string[]): NewToolRequest {
  const [id, ...rest] = argv;
  const flag = (name: string) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  if (!id || id.startsWith('--') || !flag('category') || !flag('endpoint')) {
    throw new NewToolError('Usage: npm run new-tool -- <id> --category <organize|convert-to|convert-from|security|edit|advanced> --endpoint /api/v1/... [--title "..."] [--subtitle "..."]');
  }
  return { id, category: flag('category')!, endpoint: flag('endpoint')!, title: flag('title'), subtitle: flag('subtitle') };
}

if (require.main === module) {
  try {
    const written = createTool(parseArgs(process.argv.slice(2)));
    writeRegistryIndex();
    for (const file of written) console.log(`wrote ${file.replace(`${REPO}/`, '')}`);
    console.log('updated registry/index.ts; fill in the TODOs, then `npm start` shows the new page.');
  } catch (error) {
    if (!(error instanceof NewToolError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
