import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Request } from 'express';

/** A request's private temporary folder. Everything a request writes goes here. */
export class Workspace {
  constructor(readonly dir: string) {}

  /** A fresh path in the workspace. e.g. newPath('.pdf') → '/tmp/folio/req-x/3f2a….pdf' */
  newPath(extension = ''): string {
    return join(this.dir, `${randomUUID()}${extension}`);
  }

  /** A fresh, empty folder in the workspace. */
  async newFolder(): Promise<string> {
    const path = this.newPath();
    await mkdir(path);
    return path;
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

const WORKSPACE = Symbol('folio.workspace');

/**
 * The workspace of a request, created on first use (multer asks for it while the
 * upload streams in) and removed once the response is closed, whatever happened.
 */
export function requestWorkspace(req: Request, workDir: string): Workspace {
  const holder = req as Request & { [WORKSPACE]?: Workspace };
  const existing = holder[WORKSPACE];
  if (existing) return existing;
  mkdirSync(workDir, { recursive: true });
  const workspace = new Workspace(mkdtempSync(join(workDir, 'req-')));
  holder[WORKSPACE] = workspace;
  const cleanUp = () => workspace.remove();
  if (req.res) req.res.once('close', cleanUp);
  else req.once('close', cleanUp);
  return workspace;
}
