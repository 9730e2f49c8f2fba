import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { rotateTool } from '@folio/registry';
import { MetricsListener } from '../src/operations/metrics-listener';
import { postTool } from './support/http';
import { makePdf } from './support/pdfs';
import { useTestServer, type TestServer } from './support/test-server';

jest.setTimeout(60_000);

/** The built web app's page, so that an unknown path gets the web app's 404 (not the 503 of a server without a build). */
function withWebApp(server: TestServer): void {
  beforeAll(() => {
    mkdirSync(server.config.webDir, { recursive: true });
    writeFileSync(join(server.config.webDir, 'index.html'), '<!doctype html><title>Folio</title>');
  });
}

describe('metrics are not served by default', () => {
  const server = useTestServer();
  withWebApp(server);

  it('answers 404 at /metrics on the public port, with nothing of the metrics, and opens no other port', async () => {
    const res = await request(server.http).get('/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toMatch(/folio_|process_cpu/);
    expect(server.app.get(MetricsListener).port).toBeUndefined();
  });
});

describe('FOLIO_METRICS_PORT serves them on a port of their own', () => {
  // Port 0: any free port, read back from the listener.
  const server = useTestServer({ metricsPort: 0 });
  withWebApp(server);

  it('serves Prometheus metrics there, and still nothing at /metrics on the public port', async () => {
    expect((await postTool(server, rotateTool.endpoint, [{ name: 'a.pdf', content: await makePdf(1) }], { angle: 90 })).status).toBe(200);
    const port = server.app.get(MetricsListener).port!;
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await metrics.text()).toMatch(/folio_jobs_total\{tool="rotate",outcome="ok"\} 1/);
    expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(404);
    expect((await request(server.http).get('/metrics')).status).toBe(404);
  });
});
