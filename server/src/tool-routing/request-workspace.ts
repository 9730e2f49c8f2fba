import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from 'express';
import { ownedFolderPrefix } from '../workspace/sweeper';
import { Workspace } from '../workspace/workspace';

const WORKSPACE = Symbol('folio.workspace');

/**
 * The folder a request's uploads stream into, created on first use (multer asks
 * for it while the upload arrives) and released once the response is closed,
 * whatever happened. The uploads then move to their job's folder.
 */
export function requestWorkspace(req: Request, workDir: string): Workspace {
  const holder = req as Request & { [WORKSPACE]?: Workspace };
  const existing = holder[WORKSPACE];
  if (existing) return existing;
  mkdirSync(workDir, { recursive: true, mode: 0o700 });
  const workspace = new Workspace(mkdtempSync(join(workDir, ownedFolderPrefix('req'))));
  holder[WORKSPACE] = workspace;
  const release = () => void workspace.release();
  if (req.res) req.res.once('close', release);
  else req.once('close', release);
  return workspace;
}
