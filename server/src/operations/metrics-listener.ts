import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SERVER_CONFIG, type ServerConfig } from '../config';
import { Metrics } from './metrics';

/**
 * Serves `GET /metrics` on its own port (FOLIO_METRICS_PORT), and only when
 * that is set: never on the public port, where anyone could read how busy the
 * server is and which tools fail. Not "loopback only" on the public port: behind
 * a reverse proxy on the same host every visitor comes from loopback. The
 * monitoring network reaches this port; the proxy and the internet do not.
 */
@Injectable()
export class MetricsListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private server?: Server;

  constructor(
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    private readonly metrics: Metrics,
  ) {}

  /** Where metrics are served (tests ask for port 0 and read the port here); undefined when they are not. */
  get port(): number | undefined {
    return (this.server?.address() as AddressInfo | null | undefined)?.port;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === undefined) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Only GET /metrics is served on this port.\n');
        return;
      }
      this.metrics.registry.metrics().then(
        (text) => res.writeHead(200, { 'Content-Type': this.metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
        () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected.\n'),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.metricsPort, () => resolve());
    });
    this.server = server;
    new Logger('Metrics').log(`Serving Prometheus metrics on port ${this.port} at /metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
