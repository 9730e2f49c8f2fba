import type { Request } from 'express';

/**
 * Whether the browser says this request comes from a page of another site.
 * Browsers send `Sec-Fetch-Site` and `Origin` with every cross-origin POST and
 * pages cannot forge them; clients without them (curl, scripts) are not
 * browsers riding a visitor's session, so they pass. The expected origin is
 * the configured public URL when there is one (a proxy may rewrite Host, and
 * a rebound DNS name would match Host), otherwise the Host the request was
 * sent to.
 */
export function isCrossSite(req: Request, publicOrigin: string | undefined): boolean {
  const fetchSite = req.get('sec-fetch-site');
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
  const origin = req.get('origin');
  if (origin === undefined) return false;
  const sender = parseOrigin(origin);
  if (!sender) return true; // "null": sandboxed frames, file: pages, privacy redirects.
  if (publicOrigin !== undefined) return sender.origin !== publicOrigin;
  // req.host is the Host header, or X-Forwarded-Host behind a trusted proxy.
  const ownHost = req.host ? parseOrigin(`${sender.protocol}//${req.host}`)?.host : undefined;
  return sender.host !== ownHost;
}

function parseOrigin(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
