import { stat } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import type { NextFunction, Request, Response } from 'express';

/** The copies the web build writes next to a file (web/vite.config.ts), best first. */
const ENCODINGS = [
  { coding: 'br', suffix: '.br' },
  { coding: 'gzip', suffix: '.gz' },
] as const;

type Encoding = (typeof ENCODINGS)[number];

export interface CompressedStaticOptions {
  /** The Cache-Control header for a file, given its path on disk (the original's, not the copy's). */
  cacheControl(path: string): string;
}

/**
 * Serves the Brotli or gzip copy the build wrote next to a static file
 * (`assets/index-3f2a.js.br`) to a client that accepts it: `Content-Encoding`,
 * the original's `Content-Type` and `Vary: Accept-Encoding`. Nothing is
 * compressed while answering, so only files under `root` ever are: never an API
 * response. Everything else (no copy, a client taking identity only, a range
 * request) goes on to the plain static handler after it.
 */
export function compressedStatic(root: string, options: CompressedStaticOptions) {
  const folder = resolve(root);
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.headers.range) return next();
    const file = fileUnder(folder, req.path);
    if (!file) return next();
    const copies = (await Promise.all(ENCODINGS.map(async (encoding) => ((await isFile(file + encoding.suffix)) ? encoding : undefined)))).filter(
      (encoding): encoding is Encoding => encoding !== undefined,
    );
    if (copies.length === 0) return next();
    // The answer depends on the header for every client, those served identity included.
    res.vary('Accept-Encoding');
    const chosen = preferredEncoding(req.headers['accept-encoding'], copies);
    if (!chosen) return next();
    res.type(extname(file));
    res.sendFile(
      file + chosen.suffix,
      {
        headers: { 'Content-Encoding': chosen.coding, 'Cache-Control': options.cacheControl(file) },
        cacheControl: false,
        acceptRanges: false,
      },
      (error?: Error) => {
        if (!error || res.headersSent) return;
        res.removeHeader('Content-Encoding');
        next();
      },
    );
  };
}

/** The file a URL path names inside `folder`, or undefined for anything outside it or hidden (as serve-static ignores dotfiles). */
function fileUnder(folder: string, urlPath: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  const file = resolve(folder, `.${path}`);
  return file.startsWith(folder + sep) ? file : undefined;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Of the codings we have, the one the client ranks highest in Accept-Encoding
 * (RFC 9110 §12.5.3: q-values, `*` for codings not named, q=0 refuses); ties go
 * to the smaller (Brotli). No header at all: identity, as browsers always send one.
 */
export function preferredEncoding<T extends { coding: string }>(header: string | undefined, available: readonly T[]): T | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (name) weights.set(name, qualityOf(params));
  }
  let best: T | undefined;
  let bestWeight = 0;
  for (const encoding of available) {
    const weight = weights.get(encoding.coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [encoding, weight];
  }
  return best;
}

function qualityOf(params: readonly string[]): number {
  const q = params.find((param) => param.startsWith('q='));
  if (!q) return 1;
  const value = Number(q.slice(2));
  return Number.isFinite(value) ? value : 0;
}
