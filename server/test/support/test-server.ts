import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createApp, type CreateAppOptions } from '../../src/app';
import { loadConfig, type ServerConfig } from '../../src/config';

export interface TestServer {
  app: NestExpressApplication;
  config: ServerConfig;
  /** The underlying HTTP server, for supertest. */
  http: ReturnType<NestExpressApplication['getHttpServer']>;
  /** Entries left in the work folder (should be none between requests). */
  leftovers(): string[];
  close(): Promise<void>;
}

/** A real server (all routes, real engines) with private work and data folders. */
export async function startTestServer(overrides: Partial<ServerConfig> = {}, options: CreateAppOptions = {}): Promise<TestServer> {
  const root = mkdtempSync(join(tmpdir(), 'folio-server-'));
  const config = loadConfig({
    workDir: join(root, 'work'),
    dataDir: join(root, 'data'),
    webDir: join(root, 'web'),
    // A processor that answers what its declaration does not allow fails the test.
    refuseUndeclaredResults: true,
    ...overrides,
  });
  const app = await createApp(config, { logger: ['error'], ...options });
  return {
    app,
    config,
    http: app.getHttpServer(),
    leftovers: () => {
      try {
        return readdirSync(config.workDir);
      } catch {
        return [];
      }
    },
    close: async () => {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Workspaces are removed when the response closes, a moment after the client has it. */
export async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * What is left in the work folder once the last response has been cleaned up:
 * polls until the folder is empty (or `ms` have passed), rather than sleeping a
 * fixed time and hoping.
 */
export async function leftoversAfterCleanup(server: Pick<TestServer, 'leftovers'>, ms = 5_000): Promise<string[]> {
  const end = Date.now() + ms;
  while (server.leftovers().length > 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20));
  return server.leftovers();
}

/**
 * One test server for a describe block: started before its tests, closed after
 * them, and checked after each test to have removed every request's folder.
 * The returned object forwards to the running server.
 */
export function useTestServer(overrides: Partial<ServerConfig> = {}, options: CreateAppOptions = {}): TestServer {
  let running: TestServer | undefined;
  beforeAll(async () => {
    running = await startTestServer(overrides, options);
  });
  afterAll(() => running?.close());
  afterEach(async () => {
    if (running) expect(await leftoversAfterCleanup(running)).toEqual([]);
  });
  return new Proxy({} as TestServer, {
    get: (_target, key) => {
      if (!running) throw new Error('The test server starts in beforeAll: use it inside hooks and tests.');
      return running[key as keyof TestServer];
    },
  });
}
