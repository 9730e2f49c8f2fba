import { formatMegabytes } from '@folio/registry';
import type { ContentTooLargeError, TooManyPagesError } from '../refusals/input-errors';

/**
 * Errors the API reports to clients, shaped like the reference's problem JSON
 * (§1.7): clients read `detail` or `error`, and compare some texts exactly.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail: string,
    readonly extra: { errorCode?: string; errors?: string[]; headers?: Record<string, string>; fileName?: string } = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }

  static invalidArgument(detail: string, errors?: string[]): ApiError {
    return new ApiError(400, '/errors/invalid-argument', 'Invalid Argument', detail, { errors });
  }

  static missingFile(detail: string): ApiError {
    return new ApiError(400, '/errors/missing-file', 'Missing File', detail);
  }

  static wrongFileType(detail: string): ApiError {
    return new ApiError(400, '/errors/invalid-file-type', 'Unsupported File Type', detail, { errorCode: 'E006' });
  }

  /** Exact text clients compare (reference §1.3). */
  static pdfPassword(fileName?: string): ApiError {
    return new ApiError(
      400,
      '/errors/pdf-password',
      'PDF Password Required',
      'The PDF Document is passworded and either the password was not provided or was incorrect',
      // Which upload it is, beside the reference's fixed text: a page sending several files names it.
      { errorCode: 'E004', ...(fileName ? { fileName } : {}) },
    );
  }

  /** Exact text clients compare (reference §1.3). */
  static pdfCorrupted(): ApiError {
    return new ApiError(
      400,
      '/errors/pdf-corrupted',
      'PDF Corrupted',
      "PDF file appears to be corrupted or damaged. Please try using the 'Repair PDF' feature first to fix the file before proceeding with this operation.",
      { errorCode: 'E001' },
    );
  }

  /** Repair PDF found nothing to recover: its own message, never the advice to use Repair PDF. */
  static pdfBeyondRepair(detail: string): ApiError {
    return new ApiError(400, '/errors/pdf-beyond-repair', 'PDF Beyond Repair', detail, { errorCode: 'E001' });
  }

  static fileTooLarge(maxBytes: number): ApiError {
    return new ApiError(413, '/errors/file-too-large', 'File Too Large', `Each file may be at most ${formatMegabytes(maxBytes)}.`, {
      headers: { Connection: 'close' },
    });
  }

  static requestTooLarge(maxBytes: number): ApiError {
    return new ApiError(413, '/errors/file-too-large', 'Request Too Large', `One request may carry at most ${formatMegabytes(maxBytes)} of files.`, {
      headers: { Connection: 'close' },
    });
  }

  /** Back-pressure: every slot and queue place is taken. */
  static busy(retryAfterSeconds: number): ApiError {
    return tooManyRequests('The server is busy right now; please try again in a few seconds.', retryAfterSeconds);
  }

  /** One client address has its share of the job slots (FOLIO_MAX_JOBS_PER_ADDRESS). */
  static tooManyJobsOfClient(max: number): ApiError {
    return tooManyRequests(
      `You already have ${max === 1 ? 'a job' : `${max} jobs`} running or waiting, the most one address may have at once; send more when ${max === 1 ? 'it has' : 'one has'} finished.`,
      5,
    );
  }

  /** An event stream past one of its caps (FOLIO_MAX_EVENT_STREAMS*); the connection is closed, its socket freed. */
  static tooManyEventStreams(scope: 'job' | 'address' | 'server'): ApiError {
    const detail = {
      job: "This job already has as many event streams open as it may; close one, or read the job's status instead.",
      address: "You already have as many event streams open as one address may; close one, or read the jobs' status instead.",
      server: "The server has as many event streams open as it takes; read the job's status instead, or try again in a few seconds.",
    }[scope];
    return tooManyRequests(detail, 5, { Connection: 'close' });
  }

  /** Finished results waiting to be downloaded fill their quota (FOLIO_MAX_RESULTS_MB*): no new async job until some are downloaded, deleted or expired. */
  static resultQuotaReached(scope: 'address' | 'server', limitBytes: number, retryAfterSeconds: number): ApiError {
    const detail =
      scope === 'address'
        ? `Your results waiting to be downloaded take ${formatMegabytes(limitBytes)} or more, the most one address may keep; download or delete some before sending more.`
        : 'The server holds as many results waiting to be downloaded as it keeps; please try again in a few minutes.';
    return tooManyRequests(detail, retryAfterSeconds);
  }

  /** The job queue (Redis) cannot be reached: new jobs are refused until it is back. */
  static queueUnavailable(): ApiError {
    return new ApiError(503, '/errors/queue-unavailable', 'Service Unavailable', 'Jobs cannot be queued right now; please try again in a few seconds.', {
      headers: { 'Retry-After': '5' },
    });
  }

  /** A job id that names no job (any more). */
  static noSuchJob(): ApiError {
    return new ApiError(404, '/errors/not-found', 'Not Found', 'No such job: it was never sent, has expired, or its result was already downloaded.');
  }

  static tooManyFiles(max: number): ApiError {
    return new ApiError(
      400,
      '/errors/too-many-files',
      'Too Many Files',
      max === 1 ? 'This tool takes one file at a time.' : `At most ${max} files can be sent at once.`,
    );
  }

  static notFound(path: string): ApiError {
    return new ApiError(404, '/errors/not-found', 'Not Found', `No API endpoint at ${path}.`);
  }

  static methodNotAllowed(method: string): ApiError {
    return new ApiError(405, '/errors/method-not-allowed', 'Method Not Allowed', `${method} is not supported here; send a multipart POST.`);
  }

  static unsupportedMediaType(): ApiError {
    return new ApiError(415, '/errors/unsupported-media-type', 'Unsupported Media Type', 'Send the request as multipart/form-data.');
  }

  /** A scaffolded tool whose processor body is not written yet. */
  static notImplemented(toolTitleOrId: string): ApiError {
    return new ApiError(501, '/errors/not-implemented', 'Not Implemented', `${toolTitleOrId} is not implemented yet.`);
  }

  static noPages(fileName: string): ApiError {
    return new ApiError(400, '/errors/no-pages', 'No Pages', `The PDF "${fileName}" has no pages.`, { errorCode: 'E005' });
  }

  static tooManyPages(error: TooManyPagesError): ApiError {
    return new ApiError(400, '/errors/too-many-pages', 'Too Many Pages', error.message);
  }

  /** The PDF's page content would inflate past the server's budget (a decompression bomb, or a document too heavy to render). */
  static contentTooLarge(error: ContentTooLargeError): ApiError {
    return new ApiError(400, '/errors/content-too-large', 'Content Too Large', error.message);
  }

  /** The office suite could not read or convert the upload. */
  static documentNotConvertible(): ApiError {
    return new ApiError(
      400,
      '/errors/document-not-convertible',
      'Document Not Convertible',
      'The file could not be converted: it is damaged or not a supported document.',
    );
  }

  /** Ghostscript refused to write the archival PDF (reference E060; PDF to PDF/A, Add Attachments as PDF/A-3b). */
  static archivalConversionFailed(detail: string): ApiError {
    return new ApiError(400, '/errors/pdfa-conversion', 'PDF/A Conversion Failed', `PDF/A conversion failed: ${detail}`, { errorCode: 'E060' });
  }

  /** The converted file failed the archival check: it is never sent. */
  static notArchivable(detail: string): ApiError {
    return new ApiError(400, '/errors/pdfa-validation', 'PDF/A Conversion Failed', detail, { errorCode: 'E060' });
  }

  /** An engine ran far past what its work should take (a renderer looping on a damaged page): the document's fault. */
  static documentTooComplex(detail: string): ApiError {
    return new ApiError(400, '/errors/document-too-complex', 'Document Too Complex', detail);
  }

  static timedOut(ms: number): ApiError {
    return new ApiError(500, '/errors/timeout', 'Processing Timed Out', `Job timed out after ${ms} ms`);
  }
}

/** A 429 in the shape every 429 has, with when to try again. */
function tooManyRequests(detail: string, retryAfterSeconds: number, headers: Record<string, string> = {}): ApiError {
  return new ApiError(429, '/errors/too-many-requests', 'Too Many Requests', detail, { headers: { 'Retry-After': String(retryAfterSeconds), ...headers } });
}

/**
 * The answer to a failure nobody foresaw (a 500): the reference's job wrapper's
 * `{"error":"Job failed: ..."}` shape, with nothing internal (paths, stacks) in it.
 */
export function unexpectedFailureBody(path: string) {
  return { status: 500, error: 'Job failed: the file could not be processed.', detail: 'The file could not be processed.', path };
}

/** The JSON body for an ApiError: problem JSON plus `error`, which simple clients read. */
export function problemBody(error: ApiError, path: string) {
  return {
    type: error.type,
    title: error.title,
    status: error.status,
    detail: error.detail,
    error: error.detail,
    instance: path,
    path,
    timestamp: new Date().toISOString(),
    ...(error.extra.errorCode ? { errorCode: error.extra.errorCode } : {}),
    ...(error.extra.errors ? { errors: error.extra.errors } : {}),
    ...(error.extra.fileName ? { fileName: error.extra.fileName } : {}),
  };
}
