import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import request from 'supertest';
import { outcomesOf, resolveResult, tools, type Field, type SelectOption } from '@folio/registry';
import { startTestServer, type TestServer } from './support/test-server';

/**
 * Validates the document with @seriousme/openapi-schema-validator's own CLI: the
 * package is ESM-only, which jest's CommonJS runtime cannot load, so it runs in
 * a plain Node process.
 */
function validateOpenApi(document: unknown): { valid: boolean; errors?: unknown } {
  const cli = join(dirname(require.resolve('@seriousme/openapi-schema-validator/package.json')), 'bin/validate-api-cli.js');
  const dir = mkdtempSync(join(tmpdir(), 'folio-openapi-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    try {
      return JSON.parse(execFileSync(process.execPath, [cli, file], { encoding: 'utf8' }));
    } catch (error) {
      const stdout = (error as { stdout?: string }).stdout;
      if (!stdout) throw error;
      return JSON.parse(stdout);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('OpenAPI document and API reference', () => {
  let server: TestServer;
  let document: any;
  beforeAll(async () => {
    server = await startTestServer();
    const res = await request(server.http).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    document = res.body;
  }, 60_000);

  afterAll(() => server.close());

  it('is a valid OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(validateOpenApi(document)).toEqual({ valid: true });
  });

  it('has one path per endpoint, every registered tool on it', () => {
    const endpoints = [...new Set(tools.map((t) => t.endpoint))];
    expect(Object.keys(document.paths).sort()).toEqual(endpoints.sort());
    for (const tool of tools) {
      const post = document.paths[tool.endpoint]?.post;
      expect(post?.summary).toContain(tool.title);
      expect(post.description).toContain(tool.subtitle);
    }
  });

  describe.each(tools.map((t) => [t.id, t] as const))('%s', (_id, tool) => {
    const post = () => document.paths[tool.endpoint].post;
    const body = () => post().requestBody.content['multipart/form-data'].schema;

    it('documents fileInput and every field, with type, default, bounds, options and required-ness', () => {
      const files = body().properties.fileInput;
      // The files are required under fileInput, or under one of its other names (the PDF part of the form endpoints is `file`).
      const fileNames = ['fileInput', ...(tool.input.aliases ?? [])];
      if (fileNames.length === 1) expect(body().required).toContain('fileInput');
      else expect(body().anyOf).toEqual(fileNames.map((name) => ({ required: [name] })));
      for (const alias of tool.input.aliases ?? []) expect(body().properties[alias].type).toBe(files.type);
      const sharedMultiple = tools.some((t) => t.endpoint === tool.endpoint && t.input.multiple);
      expect(files.type).toBe(sharedMultiple ? 'array' : 'string');
      for (const [name, declared] of Object.entries(tool.fields)) {
        const field = declared as Field & { min?: number; max?: number; options?: readonly SelectOption[] };
        const property = body().properties[name];
        expect(property).toBeDefined();
        const schemas: any[] = property.anyOf ?? [property];
        const schema = schemas.find((s) => s.description.includes(field.label));
        expect(schema).toBeDefined();
        if (field.default !== undefined) expect(schema.default).toEqual(field.default);
        if (field.min !== undefined) expect(schema.minimum).toBe(field.min);
        if (field.max !== undefined) expect(schema.maximum).toBe(field.max);
        // A select lists its values; a `choices` field is an array of them.
        const values = schema.enum ?? schema.items?.enum;
        for (const option of field.options ?? []) {
          expect(values).toContain(option.value);
          for (const alias of option.aliases ?? []) expect(values).toContain(alias);
        }
        if (field.required && !field.visibleWhen && !tool.sharesEndpoint) expect(body().required).toContain(name);
        if (field.required) expect(schema.description).toContain(field.required);
        for (const alias of field.aliases ?? []) expect(body().properties[alias]).toBeDefined();
      }
    });

    it('documents the result type, the download name and every error status', () => {
      const responses = post().responses;
      // The Content-Type the API really sends for the defaults (PDF to HTML: a ZIP; PDF to Markdown: text/markdown), and each variant's.
      expect(Object.keys(responses['200'].content)).toContain(resolveResult(tool).apiContentType);
      for (const variant of tool.result.variants ?? [])
        expect(Object.keys(responses['200'].content)).toContain(variant.apiContentType ?? resolveResult(tool).apiContentType);
      // Each answer the processor chooses by what it finds, with its name; every header it may send; 204 where declared.
      for (const [key] of outcomesOf(tool)) {
        const answer = resolveResult(tool, {}, key);
        expect(Object.keys(responses['200'].content)).toContain(answer.apiContentType);
        expect(responses['200'].description).toContain(`\`${answer.download.api}\``);
      }
      for (const header of Object.keys(tool.result.headers ?? {})) expect(responses['200'].headers[header]).toMatchObject({ schema: { type: 'string' } });
      expect(responses['204'] !== undefined).toBe(tools.some((t) => t.endpoint === tool.endpoint && t.result.noContentWhen !== undefined));
      expect(responses['200'].description).toContain(tool.download.api);
      expect(responses['200'].headers['Content-Disposition']).toBeDefined();
      for (const status of ['400', '413', '415', '500']) expect(responses[status]).toBeDefined();
      const examples = Object.values(responses['400'].content['application/problem+json'].examples) as { value: { detail: string } }[];
      expect(examples.map((e) => e.value.detail)).toContain(tool.input.messages.missing);
    });
  });

  it('serves the reference page and only the Swagger UI files it needs, under the site CSP', async () => {
    const page = await request(server.http).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.text).not.toMatch(/<script>|<style>| style=/);
    for (const src of page.text.match(/(?:src|href)="([^"]+)"/g)!.map((m) => m.replace(/^\w+="|"$/g, ''))) {
      const asset = await request(server.http).get(src);
      expect({ src, status: asset.status }).toEqual({ src, status: 200 });
    }
    const script = await request(server.http).get('/api/docs/assets/folio-docs.js');
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.text).toContain("url: '/api/openapi.json'");
    for (const path of ['/api/docs/assets/index.html', '/api/docs/assets/..%2Fpackage.json', '/api/docs/assets/swagger-ui.js.map']) {
      const res = await request(server.http).get(path);
      expect(res.status).toBe(404);
      expect(res.body.type).toBe('/errors/not-found');
    }
  });
});
