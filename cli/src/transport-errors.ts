import { CliError, EXIT, refusal } from './exit-codes';

/** Error codes that mean no connection could be made or the server stopped answering: exit 3. */
const UNREACHABLE: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'timed out',
  UND_ERR_CONNECT_TIMEOUT: 'timed out connecting',
  UND_ERR_HEADERS_TIMEOUT: 'timed out waiting for an answer',
  UND_ERR_BODY_TIMEOUT: 'timed out reading the answer',
  ABORT_ERR_TIMEOUT: 'timed out',
};

/** The codes an error from fetch() carries, its causes' included (a host with two addresses fails with both). */
function codesOf(error: unknown, depth = 0): string[] {
  if (typeof error !== 'object' || error === null || depth > 4) return [];
  const { code, cause, errors, name } = error as { code?: unknown; cause?: unknown; errors?: unknown; name?: unknown };
  const own = typeof code === 'string' ? [code] : [];
  if (name === 'TimeoutError') own.push('ABORT_ERR_TIMEOUT');
  const nested = Array.isArray(errors) ? errors.flatMap((inner) => codesOf(inner, depth + 1)) : [];
  return [...own, ...codesOf(cause, depth + 1), ...nested];
}

/**
 * What a failed fetch() means for the run: the server could not be reached
 * (exit 3, with how to point at another), or the connection broke mid-way (exit 1).
 */
export function transportError(error: unknown, server: string): CliError {
  if (error instanceof CliError) return error;
  const codes = codesOf(error);
  const reason = codes.map((code) => UNREACHABLE[code]).find((text) => text !== undefined);
  if (reason) {
    return new CliError(
      EXIT.unreachable,
      `Cannot reach the Folio server at ${server} (${reason}). Start one (npm start) or point at another with --server or FOLIO_SERVER.`,
    );
  }
  const detail = codes[0] ?? (error instanceof Error ? error.message : String(error));
  return refusal(`The connection to ${server} broke off (${detail}).`);
}
