/**
 * What a tool's endpoint said when it refused a request. The server answers
 * problem JSON (server/src/http/api-error.ts: `type`, `status`, `detail`,
 * sometimes `errorCode`) for every refusal, and `{ error, detail }` for a 500.
 */
export interface ServerProblem {
  status: number;
  /** e.g. '/errors/invalid-argument' */
  type?: string;
  /** The reference's code for some problems. e.g. 'E004' */
  errorCode?: string;
  /** One or two sentences for people. e.g. 'Page 7 is out of range: "a3.pdf" has 3 pages.' */
  detail?: string;
  /** The upload the problem is about, where the server names it (a PDF that needs a password). e.g. 'payslip.pdf' */
  fileName?: string;
}

/** The problem type and code of "this PDF needs a password" (ApiError.pdfPassword). */
const PASSWORD_TYPE = '/errors/pdf-password';
const PASSWORD_CODE = 'E004';

/**
 * 4xx answers that are not about the visitor's files or options: a missing route,
 * a request the page itself got wrong, a slow connection, a busy server. The
 * standard toast ("a temporary issue ... try again shortly") says all there is.
 */
const NOT_THE_VISITORS_DOING = new Set([404, 405, 408, 415, 429]);
const NOT_THE_VISITORS_TYPES = new Set(['/errors/malformed-request', '/errors/not-found', '/errors/too-many-requests']);

/** Longest detail shown; the server's are a sentence or two, anything longer is not meant for people. */
const MAX_DETAIL_LENGTH = 400;

/** The problem in an answer's parsed JSON body (anything else gives the status alone). */
export function problemOf(status: number, body: unknown): ServerProblem {
  const problem: ServerProblem = { status };
  if (typeof body !== 'object' || body === null) return problem;
  const { type, errorCode, detail, error, fileName } = body as Record<string, unknown>;
  if (typeof type === 'string') problem.type = type;
  if (typeof fileName === 'string' && fileName !== '') problem.fileName = fileName;
  if (typeof errorCode === 'string') problem.errorCode = errorCode;
  const text = typeof detail === 'string' && detail.trim() !== '' ? detail : typeof error === 'string' ? error : undefined;
  if (text !== undefined && text.trim() !== '') problem.detail = text.trim();
  return problem;
}

/** Reads the problem from an error answer's body; a body that is not JSON gives the status alone. */
export async function readProblem(status: number, body: Blob, contentType: string): Promise<ServerProblem> {
  if (!/json/i.test(contentType)) return { status };
  try {
    return problemOf(status, JSON.parse(await body.text()));
  } catch {
    return { status };
  }
}

/** The PDF needs a password, or the one sent does not open it. */
export function needsPassword(problem: ServerProblem): boolean {
  return problem.type === PASSWORD_TYPE || problem.errorCode === PASSWORD_CODE;
}

/**
 * The server's words worth showing under the standard error toast: a 4xx about
 * the visitor's own files or options (a page out of range, a file too large).
 * A 5xx, or a 4xx the visitor cannot act on, gives null: the toast alone.
 */
export function visitorDetail(problem: ServerProblem): string | null {
  const { status, type, detail } = problem;
  if (status < 400 || status >= 500 || NOT_THE_VISITORS_DOING.has(status)) return null;
  if (type !== undefined && NOT_THE_VISITORS_TYPES.has(type)) return null;
  if (detail === undefined || detail.length > MAX_DETAIL_LENGTH) return null;
  return detail;
}
