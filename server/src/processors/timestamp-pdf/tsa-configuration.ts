import { InvalidInputError } from '../../refusals/input-errors';

/**
 * The timestamp authorities the server's operator allows, read from the
 * environment at each request (off until configured):
 *
 * - `FOLIO_TSA_URLS`: the allowed authorities, separated by commas or spaces,
 *   http or https; the first is the default.
 * - `FOLIO_TSA_CA_FILE`: the certificates (PEM) an authority's certificate must
 *   lead to; unset, the system's trust store.
 * - `FOLIO_TSA_TIMEOUT_MS`: how long one authority may take to answer, all in
 *   (default 10 s).
 */

/** The system's trust store (Debian's ca-certificates). */
export const SYSTEM_TRUST_STORE = '/etc/ssl/certs/ca-certificates.crt';

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_TIMEOUT_MS = 60_000;

export const NOT_CONFIGURED = 'Timestamps are not configured on this server: its operator has not named a timestamp authority (FOLIO_TSA_URLS).';
/** The reference's message, with Folio's setting in place of its settings.yml key. */
export const NOT_ALLOWED = 'TSA URL is not in the allowed list. Contact your administrator to add it (FOLIO_TSA_URLS).';

export interface TsaConfiguration {
  urls: URL[];
  /** The trust anchors' file (PEM). */
  trustFile: string;
  timeoutMs: number;
}

/** The operator's configuration, or the 4xx that says timestamps are off. */
export function tsaConfiguration(env: NodeJS.ProcessEnv = process.env): TsaConfiguration {
  const urls = (env.FOLIO_TSA_URLS ?? '')
    .split(/[\s,]+/)
    .filter((entry) => entry !== '')
    .map(parseHttpUrl)
    .filter((url): url is URL => url !== undefined);
  if (urls.length === 0) throw new InvalidInputError(NOT_CONFIGURED);
  const timeout = Number(env.FOLIO_TSA_TIMEOUT_MS);
  return {
    urls,
    trustFile: env.FOLIO_TSA_CA_FILE?.trim() || SYSTEM_TRUST_STORE,
    timeoutMs: Number.isFinite(timeout) && timeout > 0 ? Math.min(timeout, MAX_TIMEOUT_MS) : DEFAULT_TIMEOUT_MS,
  };
}

/**
 * The authority to ask: the default for a blank `tsaUrl`, else the allowed one
 * it names. As in the reference, scheme and host compare case-insensitively
 * (URL parsing lower-cases them), port and path exactly, and user-info, query
 * and fragment are ignored; unlike it, the request goes to the configured URL,
 * never to the text the client sent.
 */
export function chooseTsa(configuration: TsaConfiguration, requested: string | undefined): URL {
  if (requested === undefined || requested.trim() === '') return configuration.urls[0];
  const url = parseHttpUrl(requested.trim());
  const key = url && comparable(url);
  const allowed = key && configuration.urls.find((candidate) => comparable(candidate) === key);
  if (!allowed) throw new InvalidInputError(NOT_ALLOWED);
  return allowed;
}

function parseHttpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** e.g. 'http://tsa.example:8080/tsr' (the default port written out, so http://a and http://a:80 are the same). */
function comparable(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.protocol}//${url.hostname}:${port}${url.pathname}`;
}
