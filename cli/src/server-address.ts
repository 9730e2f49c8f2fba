import { usageError } from './exit-codes';

export const DEFAULT_SERVER = 'http://localhost:8080';

/** The server a run talks to: `--server`, else $FOLIO_SERVER, else the default. */
export interface ServerAddress {
  /** e.g. 'http://localhost:8080' or 'https://example.org/folio' (no trailing slash) */
  base: string;
  /** An API path on this server. e.g. url('/api/v1/general/rotate-pdf') */
  url(path: string): string;
}

export function serverAddress(option: string | undefined, env: Readonly<Record<string, string | undefined>>): ServerAddress {
  const given = option ?? (env.FOLIO_SERVER?.trim() || DEFAULT_SERVER);
  let parsed: URL;
  try {
    parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(given) ? given : `http://${given}`);
  } catch {
    throw usageError(`Not a server address: ${given} (e.g. http://localhost:8080).`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw usageError(`The server must be an http:// or https:// address, not ${given}.`);
  // A server under a path prefix (behind a proxy) keeps it: API paths are appended, not resolved.
  const base = `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  return { base, url: (path) => `${base}${path}` };
}
