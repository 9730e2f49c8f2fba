import { readdirSync } from 'node:fs';
import { CATEGORIES, ENDPOINT_PATTERN, FILE_TYPES, PLANNED_TOOLS, schemaOf, toolCatalog, tools, WIDGET_KEYS, type Field } from './index';

describe('the registry', () => {
  it('lists every <id>.tool.ts file, and each exports the tool of that id', () => {
    const files = readdirSync(__dirname)
      .filter((f) => f.endsWith('.tool.ts'))
      .map((f) => f.replace('.tool.ts', ''));
    expect(tools.map((t) => t.id).sort()).toEqual(files.sort());
  });

  // Unique ids and endpoints (shared ones via `sharesEndpoint`) are checked with the rest in registry-checks.spec.ts.
  it('has endpoints under /api/v1/', () => {
    for (const tool of tools) expect(tool.endpoint).toMatch(ENDPOINT_PATTERN);
  });

  it('shows 82 tools on the home page: 12, 10, 14, 14, 17 and 15 per category', () => {
    const catalog = toolCatalog(tools);
    expect(catalog.map((c) => c.label)).toEqual(['Manage Files', 'Export to PDF', 'Import from PDF', 'Secure & Sign', 'Edit & Annotate', 'Advanced Tools']);
    expect(catalog.map((c) => c.cards.length)).toEqual(CATEGORIES.map((c) => c.toolCount));
    expect(catalog.map((c) => c.cards.length)).toEqual([12, 10, 14, 14, 17, 15]);
    const ids = catalog.flatMap((c) => c.cards.map((card) => `${card.category}/${card.id}`));
    expect(new Set(ids).size).toBe(82);
  });

  it('never lists a built tool as planned', () => {
    const built = new Set(tools.map((t) => t.id));
    expect(PLANNED_TOOLS.filter((p) => built.has(p.id)).map((p) => p.id)).toEqual([]);
  });

  describe.each(tools.map((t) => [t.id, t] as const))('%s', (_id, tool) => {
    it('accepts its own defaults', () => {
      const defaults = Object.fromEntries(Object.entries(tool.fields).map(([name, f]) => [name, f.default]));
      // A required field gets a value of its kind: an option, options, a page, a file, its own example text.
      const firstOption = (f: Field) => (f as Field & { options: { value: unknown }[] }).options[0].value;
      const sample = (f: Field) =>
        f.kind === 'select'
          ? firstOption(f)
          : f.kind === 'choices'
            ? [firstOption(f)]
            : f.kind === 'file'
              ? [{ name: 'sample', size: 1 }]
              : ((f as Field & { example?: string }).example ?? '1');
      const filled = Object.fromEntries(Object.entries(tool.fields).map(([name, f]) => [name, f.required ? sample(f) : defaults[name]]));
      expect(schemaOf(tool).safeParse(filled).error?.issues ?? []).toEqual([]);
    });

    it('names only known file types and widgets, and has every message it needs', () => {
      for (const type of tool.input.accept) expect(Object.keys(FILE_TYPES)).toContain(type);
      for (const field of Object.values(tool.fields)) if (field.widget) expect(WIDGET_KEYS).toContain(field.widget);
      expect(tool.input.messages.missing).toMatch(/\.$/);
      if ((tool.input.minFiles ?? 1) > 1) expect(tool.input.messages.tooFew).toBeDefined();
      if (tool.action.requiresText) expect(tool.fields[tool.action.requiresText]).toBeDefined();
    });
  });
});
