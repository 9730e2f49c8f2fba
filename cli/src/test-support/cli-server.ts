import type { AddressInfo } from 'node:net';
import type { ServerConfig } from '../../../server/src/config';
import { leftoversAfterCleanup, startTestServer, type TestServer } from '../../../server/test/support/test-server';

/** A real Folio server (all routes, real engines) listening on a free port, as the server's own HTTP specs start one. */
export interface ListeningServer {
  server: TestServer;
  baseUrl: string;
}

/** One server for a spec file: started before its tests, checked to have removed every request's folder, closed after. */
export function useListeningServer(overrides: Partial<ServerConfig> = {}): ListeningServer {
  const running = {} as ListeningServer;
  beforeAll(async () => {
    running.server = await startTestServer(overrides);
    await running.server.app.listen(0, '127.0.0.1');
    running.baseUrl = `http://127.0.0.1:${(running.server.http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (!running.server) return;
    const left = await leftoversAfterCleanup(running.server, 10_000);
    await running.server.close();
    expect(left).toEqual([]);
  });
  return running;
}

/** At most `n` of the given tasks at once. */
export function limiter(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
