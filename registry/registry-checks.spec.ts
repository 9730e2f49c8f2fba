import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { registeredToolIds, renderRegistryIndex } from '../generators/src/registry-index';
import { CATEGORIES, reasonNotInSpec, type AnyTool, type Field, type SelectOption } from './index';

const REPO = resolve(__dirname, '..');
/**
 * The product spec (shared/spec/*.txt) lives outside the repository, beside it
 * where the workplace clones both; FOLIO_SPEC_DIR names another place.
 */
const SPEC_DIR = resolve(REPO, process.env.FOLIO_SPEC_DIR ?? '../shared/spec');

/** A tool as found in its file. */
interface ToolEntry {
  /** Path from the repo root. e.g. 'registry/rotate.tool.ts' */
  file: string;
  tool: AnyTool;
}

interface CheckContext {
  /** Whether `server/src/processors/<id>/<id>.processor.ts` exists. */
  hasProcessor(id: string): boolean;
  /** Every text the spec quotes; undefined where the spec is not at hand, which leaves wording unchecked. */
  specTexts: ReadonlySet<string> | undefined;
}

type DeclaredField = Field & { options?: readonly SelectOption[] };

/**
 * Every problem in the declarations, each naming the file to fix and how, so a
 * newcomer sees them all at once rather than one failed run at a time.
 */
function declarationProblems(entries: readonly ToolEntry[], context: CheckContext): string[] {
  const problems: string[] = [];

  const byId = new Map<string, ToolEntry[]>();
  for (const entry of entries) byId.set(entry.tool.id, [...(byId.get(entry.tool.id) ?? []), entry]);
  for (const [id, same] of byId) {
    if (same.length > 1) problems.push(`${same.map((e) => e.file).join(' and ')} all declare id "${id}": ids must be unique; rename all but one.`);
  }

  const byEndpoint = new Map<string, ToolEntry[]>();
  for (const entry of entries) byEndpoint.set(entry.tool.endpoint, [...(byEndpoint.get(entry.tool.endpoint) ?? []), entry]);
  for (const [endpoint, route] of byEndpoint) {
    const owners = route.filter((e) => !e.tool.sharesEndpoint);
    if (owners.length > 1) {
      problems.push(
        `${owners.map((e) => e.file).join(' and ')} all declare endpoint ${endpoint}: a second tool on an endpoint must declare \`sharesEndpoint\`.`,
      );
    }
    for (const sharer of route.filter((e) => e.tool.sharesEndpoint)) {
      if (owners.length === 0)
        problems.push(`${sharer.file}: \`sharesEndpoint\` on ${endpoint}, but no tool owns it; remove \`sharesEndpoint\` or fix \`endpoint\`.`);
      for (const name of sharer.tool.sharesEndpoint!.whenAnyField) {
        if (!(name in sharer.tool.fields)) problems.push(`${sharer.file}: \`sharesEndpoint.whenAnyField\` names "${name}", which is not one of its fields.`);
        for (const owner of owners) {
          if (name in owner.tool.fields) {
            problems.push(
              `${sharer.file}: requests with "${name}" are meant for it, but ${owner.file} has a field "${name}" too, so its requests would be misrouted; rename one.`,
            );
          }
        }
      }
    }
  }

  const categoryIds: readonly string[] = CATEGORIES.map((c) => c.id);
  for (const { file, tool } of entries) {
    if (!categoryIds.includes(tool.category)) problems.push(`${file}: category "${tool.category}" does not exist; use one of ${categoryIds.join(', ')}.`);
    if (!context.hasProcessor(tool.id)) {
      problems.push(`${file}: no processor; create server/src/processors/${tool.id}/${tool.id}.processor.ts (\`npm run new-tool\` writes one).`);
    }

    const spec = context.specTexts;
    for (const [where, text] of spec ? wordedTexts(tool) : []) {
      if (spec?.has(text) || reasonNotInSpec(text)) continue;
      problems.push(
        `${file}: ${where} "${text}" is not the spec's wording. Copy the spec's text verbatim (shared/spec/*.txt), ` +
          "or, where the spec has none, declare it with where it comes from: notInSpec('<text>', '<source>').",
      );
    }

    for (const [name, declared] of Object.entries(tool.fields)) {
      const field = declared as DeclaredField;
      if (field.kind === 'select' && field.default !== undefined && !field.options?.some((o) => o.value === field.default)) {
        problems.push(
          `${file}: fields.${name} defaults to ${JSON.stringify(field.default)}, which is not one of its options (${field.options?.map((o) => JSON.stringify(o.value)).join(', ')}).`,
        );
      }
      for (const [other, values] of Object.entries(field.visibleWhen ?? {})) {
        const controller = tool.fields[other] as DeclaredField | undefined;
        if (!controller) {
          problems.push(`${file}: fields.${name}.visibleWhen names "${other}", which is not a field of this tool.`);
        } else if (controller.options) {
          const unknown = values.filter((v) => !controller.options!.some((o) => o.value === v));
          if (unknown.length > 0)
            problems.push(`${file}: fields.${name}.visibleWhen expects ${other} = ${unknown.map(String).join(', ')}, which ${other} never takes.`);
        }
      }
    }
  }

  return problems;
}

/** The user-facing texts a tool declares that the spec words, each with where it is declared. */
function wordedTexts(tool: AnyTool): [where: string, text: string][] {
  const texts: [string, string | undefined][] = [
    ...Object.entries(tool.input.messages).map(([key, text]): [string, string | undefined] => [`input.messages.${key}`, text]),
    ...Object.entries(tool.fields).flatMap(([name, field]): [string, string | undefined][] => [
      [`fields.${name}.required`, field.required],
      [`fields.${name}.invalid`, (field as { invalid?: string }).invalid],
    ]),
    ...(tool.checks ?? []).map((check, i): [string, string] => [`checks[${i}].message`, check.message]),
    ['toast.success', tool.toast.success],
  ];
  return texts.filter((entry): entry is [string, string] => entry[1] !== undefined);
}

/** Every `<id>.tool.ts` and the tools it exports. */
function toolEntries(): ToolEntry[] {
  return readdirSync(__dirname)
    .filter((file) => file.endsWith('.tool.ts'))
    .sort()
    .flatMap((file) =>
      Object.values(require(join(__dirname, file)) as Record<string, unknown>)
        .filter((value): value is AnyTool => typeof value === 'object' && value !== null && 'endpoint' in value && 'fields' in value)
        .map((tool) => ({ file: `registry/${file}`, tool })),
    );
}

/**
 * Texts the spec quotes, 'like this', from every spec file; undefined when the
 * spec is not beside the repository (a checkout of the repository alone). A
 * FOLIO_SPEC_DIR that names no folder is a mistake, and fails.
 */
function specTexts(): Set<string> | undefined {
  if (!existsSync(SPEC_DIR)) {
    if (process.env.FOLIO_SPEC_DIR) throw new Error(`FOLIO_SPEC_DIR is ${process.env.FOLIO_SPEC_DIR}, but there is no spec at ${SPEC_DIR}.`);
    return undefined;
  }
  const texts = new Set<string>();
  for (const file of readdirSync(SPEC_DIR).filter((f) => f.endsWith('.txt'))) {
    for (const match of readFileSync(join(SPEC_DIR, file), 'utf8').matchAll(/'([^'\n]+)'/g)) texts.add(match[1]);
  }
  return texts;
}

describe('registry declarations', () => {
  const spec = specTexts();

  it('have no problems (all of them listed together, each with the file to fix)', () => {
    const problems = declarationProblems(toolEntries(), {
      hasProcessor: (id) => existsSync(join(REPO, 'server/src/processors', id, `${id}.processor.ts`)),
      specTexts: spec,
    });
    if (problems.length > 0) throw new Error(`${problems.length} problem(s) in the tool declarations:\n  - ${problems.join('\n  - ')}`);
  });

  if (!spec) {
    // Said in every run's output, not only with --verbose: a check that stops quietly is worse than none.
    const reason = `the product spec is not at ${SPEC_DIR} (clone shared/ beside the repository, or set FOLIO_SPEC_DIR)`;
    console.warn(`registry/registry-checks.spec.ts: texts not compared with the spec's wording: ${reason}.`);
    it.skip(`use the spec's wording (not checked: ${reason})`, () => undefined);
  }

  it('reports every kind of problem at once, naming the file', () => {
    const base = toolEntries().find((e) => e.tool.id === 'organise') ?? toolEntries()[0];
    const tool = (changes: Partial<AnyTool>): AnyTool => ({ ...base.tool, ...changes });
    const broken: ToolEntry[] = [
      { file: 'registry/a.tool.ts', tool: tool({ id: 'a', endpoint: '/api/v1/x/one', toast: { success: 'Done!' } }) },
      { file: 'registry/b.tool.ts', tool: tool({ id: 'a', endpoint: '/api/v1/x/one', category: 'nowhere' as AnyTool['category'] }) },
      {
        file: 'registry/c.tool.ts',
        tool: tool({
          id: 'c',
          endpoint: '/api/v1/x/two',
          fields: { ...base.tool.fields, customMode: { ...base.tool.fields.customMode, default: 'SIDEWAYS' } },
        }),
      },
    ];
    // The spec as far as these tools go: every text of the tool they copy, so only the changed toast is not the spec's.
    const problems = declarationProblems(broken, { hasProcessor: (id) => id !== 'c', specTexts: new Set(wordedTexts(base.tool).map(([, text]) => text)) });
    const text = problems.join('\n');
    expect(text).toContain('registry/a.tool.ts and registry/b.tool.ts all declare id "a"');
    expect(text).toContain('registry/a.tool.ts and registry/b.tool.ts all declare endpoint /api/v1/x/one');
    expect(text).toContain('registry/b.tool.ts: category "nowhere" does not exist');
    expect(text).toContain('registry/c.tool.ts: no processor; create server/src/processors/c/c.processor.ts');
    expect(text).toContain('registry/a.tool.ts: toast.success "Done!" is not the spec\'s wording');
    expect(text).toContain('registry/c.tool.ts: fields.customMode defaults to "SIDEWAYS", which is not one of its options');
    expect(text).toContain("notInSpec('<text>', '<source>')");
  });
});

describe('generated files', () => {
  /** Every file a generator writes into the repo, how to regenerate it, and the banner it must start with. */
  const GENERATED = [
    {
      file: 'registry/index.ts',
      banner: '// Generated by generators/src/registry-index.ts from registry/*.tool.ts; do not edit.',
      render: () => renderRegistryIndex(registeredToolIds()),
      fix: 'npm run registry-index',
    },
  ];

  it.each(GENERATED.map((g) => [g.file, g] as const))('%s carries its do-not-edit banner and is what regenerating would write', (_file, generated) => {
    const current = readFileSync(join(REPO, generated.file), 'utf8');
    expect(current.split('\n')[0]).toBe(generated.banner);
    if (current !== generated.render()) throw new Error(`${generated.file} is out of date with its sources: run \`${generated.fix}\`.`);
  });

  it('lists every file that says it is generated', () => {
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(join(REPO, dir), { withFileTypes: true })) {
        const path = `${dir}/${entry.name}`;
        if (entry.isDirectory()) {
          if (!['node_modules', 'dist', 'dist-bench'].includes(entry.name)) walk(path);
        } else if (/\.(ts|tsx)$/.test(entry.name) && /^\/\/ Generated by generators\//.test(readFileSync(join(REPO, path), 'utf8'))) {
          found.push(path);
        }
      }
    };
    for (const dir of ['registry', 'server/src', 'web/src']) walk(dir);
    expect(found.sort()).toEqual(GENERATED.map((g) => g.file).sort());
  });
});
