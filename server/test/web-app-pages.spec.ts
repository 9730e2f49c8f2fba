import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { CATEGORIES, rotateTool, toolPath, tools, toolsWithPages } from '@folio/registry';
import { startTestServer, type TestServer } from './support/test-server';

const INDEX = '<!doctype html><title>Folio</title><div id="root"></div><script type="module" src="/assets/index-3f2a9c.js"></script>';

/** Every path gets the single-page app; the status says whether the app has a page there. */
describe('the web app’s pages: 200 where the app has one, 404 with the app elsewhere', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    mkdirSync(server.config.webDir, { recursive: true });
    writeFileSync(join(server.config.webDir, 'index.html'), INDEX);
  });
  afterAll(() => server?.close());

  const expectApp = async (path: string, status: number) => {
    const res = await request(server.http).get(path);
    expect([path, res.status]).toEqual([path, status]);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toBe(INDEX);
  };

  it('answers 404 with the app (which shows its not-found page) for a path it has no page for', async () => {
    for (const path of [
      '/nope',
      '/no/such/page',
      '/about/team',
      '/tools',
      '/tools/organize',
      '/tools/no-such-category/rotate',
      '/tools/organize/rotate/extra',
      '/assets/index-0000.js',
    ]) {
      await expectApp(path, 404);
    }
  });

  it('answers 200 for the home page, the site’s pages and every tool’s page', async () => {
    for (const path of ['/', '/about', '/contact', '/privacy-policy', '/terms-condition', toolPath(rotateTool)]) await expectApp(path, 200);
    for (const tool of toolsWithPages(tools)) expect([toolPath(tool), (await request(server.http).get(toolPath(tool))).status]).toEqual([toolPath(tool), 200]);
  });

  it('answers 200 for a tool not built yet in a real category (the coming-soon page)', async () => {
    for (const category of CATEGORIES) await expectApp(`/tools/${category.id}/batch-stamp`, 200);
  });

  it('matches paths as the app’s router does: case and a trailing slash aside, percent-decoded', async () => {
    for (const path of ['/About', '/about/', '/TOOLS/Organize/Rotate/', '/ab%6Fut']) await expectApp(path, 200);
  });

  it('keeps a JSON 404 for unknown API paths', async () => {
    const res = await request(server.http).get('/api/v1/nope');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/(problem\+)?json/);
  });
});
