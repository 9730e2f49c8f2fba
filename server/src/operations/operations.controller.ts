import { mkdir, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { SERVER_CONFIG, type ServerConfig } from '../config';
import { runProcess } from '../engines/process';
import { Workspace } from '../workspace/workspace';
import { ownedFolderPrefix } from '../workspace/sweeper';
import { READINESS_CHECKS, type ReadinessCheck } from './readiness';

/** How long a good engine check is believed: readiness probes come every few seconds. */
const ENGINE_CHECK_TTL_MS = 30_000;

/**
 * What orchestrators ask: is the process alive, can it do work now (engines
 * start, Redis answers). Metrics have their own port (metrics-listener.ts).
 */
@Controller()
export class OperationsController {
  private enginesCheckedAt = 0;

  constructor(
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
    @Inject(READINESS_CHECKS) private readonly services: readonly ReadinessCheck[],
  ) {}

  @Get('health/live')
  @Header('Cache-Control', 'no-store')
  live() {
    return { status: 'UP' };
  }

  @Get('health/ready')
  @Header('Cache-Control', 'no-store')
  async ready(@Res() res: Response): Promise<void> {
    const checks: Record<string, 'UP' | 'DOWN'> = { engines: (await this.enginesWork()) ? 'UP' : 'DOWN' };
    for (const service of this.services) checks[service.name] = (await service.up().catch(() => false)) ? 'UP' : 'DOWN';
    const up = Object.values(checks).every((check) => check === 'UP');
    res.status(up ? 200 : 503).json({ status: up ? 'UP' : 'DOWN', checks });
  }

  /** qpdf, the engine nearly every tool starts with, runs in its sandbox. */
  private async enginesWork(): Promise<boolean> {
    if (Date.now() - this.enginesCheckedAt < ENGINE_CHECK_TTL_MS) return true;
    await mkdir(this.config.workDir, { recursive: true, mode: 0o700 });
    const workspace = new Workspace(await mkdtemp(join(this.config.workDir, ownedFolderPrefix('ready'))));
    try {
      await runProcess('qpdf', ['--version'], workspace.engineOptions({ deadline: Date.now() + 10_000, timeLimitMs: 10_000 }));
      this.enginesCheckedAt = Date.now();
      return true;
    } catch {
      return false;
    } finally {
      await workspace.release();
    }
  }
}
