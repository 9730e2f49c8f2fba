import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTool, type NewToolDirs } from './new-tool';
import { REGISTRY_DIR, renderRegistryIndex, registeredToolIds } from './registry-index';

describe('new-tool', () => {
  let root: string;
  let dirs: NewToolDirs;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'folio-new-tool-'));
    dirs = { registry: join(root, 'registry'), processors: join(root, 'processors'), scenarios: join(root, 'scenarios') };
    mkdirSync(dirs.registry);
    mkdirSync(dirs.processors);
    // A planned list of its own: the real one empties as tools land.
    writeFileSync(
      join(dirs.registry, 'planned.ts'),
      [
        "import type { CategoryId } from './kit';",
        'export const PLANNED_TOOLS = [',
        "  { id: 'remove-password', category: 'security', title: 'Remove PDF Password', subtitle: 'Unlock a PDF you have the password for.' },",
        "  { id: 'sanitize', category: 'security', title: 'Sanitize PDF', subtitle: 'Remove scripts, attachments and metadata.' },",
        '];',
        '',
      ].join('\n'),
    );
    copyFileSync(join(REGISTRY_DIR, 'rotate.tool.ts'), join(dirs.registry, 'rotate.tool.ts'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('writes the tool, its processor folder with an HTTP spec, and a browser scenario, taking title and subtitle off the planned list', () => {
    const written = createTool({ id: 'remove-password', category: 'security', endpoint: '/api/v1/security/remove-password' }, dirs);
    expect(written.map((f) => f.replace(`${root}/`, ''))).toEqual([
      'registry/remove-password.tool.ts',
      'processors/remove-password/remove-password.processor.ts',
      'processors/remove-password/remove-password.http.spec.ts',
      'scenarios/remove-password.scenario.ts',
    ]);
    const tool = readFileSync(written[0], 'utf8');
    expect(tool).toContain('export const removePasswordTool = defineTool({');
    expect(tool).toContain("title: 'Remove PDF Password',");
    expect(tool).toContain("endpoint: '/api/v1/security/remove-password',");
    const processor = readFileSync(written[1], 'utf8');
    expect(processor).toContain('@ToolProcessor(removePasswordTool)');
    expect(processor).toContain('export class RemovePasswordProcessor');
    expect(processor).not.toMatch(/501|notImplemented/);
    const spec = readFileSync(written[2], 'utf8');
    expect(spec).toContain('useTestServer()');
    expect(spec).toContain('expect(res.status).toBe(200)');
    expect(spec).not.toContain('501');
    const scenario = readFileSync(written[3], 'utf8');
    expect(scenario).toContain('export default defineScenario(removePasswordTool, [');
    expect(readFileSync(join(dirs.registry, 'planned.ts'), 'utf8')).not.toContain("id: 'remove-password'");
    expect(registeredToolIds(dirs.registry)).toEqual(['remove-password', 'rotate']);
    expect(renderRegistryIndex(registeredToolIds(dirs.registry))).toContain("import { removePasswordTool } from './remove-password.tool';");
  });

  it('refuses an id that exists, saying where', () => {
    expect(() => createTool({ id: 'rotate', category: 'organize', endpoint: '/api/v1/general/rotate-2' }, dirs)).toThrow(
      'Tool "rotate" already exists: registry/rotate.tool.ts.',
    );
  });

  it('refuses an endpoint that exists, saying where', () => {
    expect(() => createTool({ id: 'turn', category: 'organize', endpoint: '/api/v1/general/rotate-pdf' }, dirs)).toThrow(
      'Endpoint /api/v1/general/rotate-pdf is already declared in registry/rotate.tool.ts.',
    );
  });

  it('refuses a bad id, category or endpoint', () => {
    expect(() => createTool({ id: 'Bad_Id', category: 'organize', endpoint: '/api/v1/general/x' }, dirs)).toThrow(/kebab-case/);
    expect(() => createTool({ id: 'x', category: 'misc', endpoint: '/api/v1/general/x' }, dirs)).toThrow(/--category must be one of/);
    expect(() => createTool({ id: 'x', category: 'edit', endpoint: 'general/x' }, dirs)).toThrow(/--endpoint must look like/);
  });

  it('keeps registry/index.ts in step with the tool files', () => {
    writeFileSync(join(root, 'unused'), '');
    expect(readFileSync(join(REGISTRY_DIR, 'index.ts'), 'utf8')).toBe(renderRegistryIndex(registeredToolIds()));
  });
});
