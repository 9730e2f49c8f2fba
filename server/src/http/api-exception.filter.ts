import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ServerConfig } from '../config';
import { BrowserCrashedError, DocumentScriptTimeoutError } from '../engines/chromium';
import { ArchivalConversionError, PostScriptError } from '../engines/ghostscript';
import { OfficeDocumentError } from '../engines/libreoffice';
import { BusyError, DeadlineExceededError, JobAbortedError } from '../engines/limiter';
import { PdfBeyondRepairError, PdfCorruptedError, PdfPasswordError, PdfTooComplexError } from '../engines/pdf-errors';
import { EngineCrashedError, EngineStalledError } from '../engines/process';
import {
  ContentTooLargeError,
  InvalidInputError,
  MissingFileError,
  NoPagesError,
  NotArchivableError,
  TooManyFilesError,
  TooManyPagesError,
  WrongFileTypeError,
} from '../refusals/input-errors';
import { ClientShareTakenError, ResultQuotaReachedError } from '../jobs/job-errors';
import { QueueUnavailableError } from '../jobs/job-queue';
import { StepError } from '../tool-execution/step-error';
import { ApiError, problemBody, unexpectedFailureBody } from './api-error';

/**
 * Every failure leaves as JSON: ApiErrors and Nest's HTTP errors as problem JSON,
 * anything unexpected as the reference's 500 `{"error":"Job failed: ..."}` shape,
 * without internal details (paths, stack) that would leak to anonymous visitors.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly config: Pick<ServerConfig, 'maxUploadBytes' | 'maxFiles'>) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    // Nobody to answer: the client left (its job was stopped), or the answer was already under way.
    if (res.headersSent || exception instanceof JobAbortedError) {
      res.destroy();
      return;
    }
    const apiError = toApiError(exception, this.config);
    if (apiError) {
      logStepCause(exception, this.logger, this.config);
      for (const [name, value] of Object.entries(apiError.extra.headers ?? {})) res.setHeader(name, value);
      res
        .status(apiError.status)
        .type('application/problem+json')
        .send(JSON.stringify(problemBody(apiError, req.path)));
      return;
    }
    this.logger.error(`${req.method} ${req.path} failed`, exception instanceof Error ? exception.stack : String(exception));
    res.status(500).json(unexpectedFailureBody(req.path));
  }
}

/** A step that failed for a reason nobody foresaw is answered without it (a 500 naming the step): its cause goes to the log. */
export function logStepCause(exception: unknown, logger: Pick<Logger, 'error'>, config: Pick<ServerConfig, 'maxUploadBytes' | 'maxFiles'>): void {
  if (!(exception instanceof StepError) || toApiError(exception.failure, config)) return;
  const { failure } = exception;
  logger.error(`${exception.where}failed`, failure instanceof Error ? failure.stack : String(failure));
}

/** The problem an error is reported as, or undefined for an unexpected error (a 500). */
export function toApiError(exception: unknown, config: Pick<ServerConfig, 'maxUploadBytes' | 'maxFiles'>): ApiError | undefined {
  if (exception instanceof ApiError) return exception;
  if (exception instanceof StepError) return stepApiError(exception, config);
  if (exception instanceof InvalidInputError) return ApiError.invalidArgument(exception.message, exception.errors && [...exception.errors]);
  if (exception instanceof MissingFileError) return ApiError.missingFile(exception.message);
  if (exception instanceof WrongFileTypeError) return ApiError.wrongFileType(exception.message);
  if (exception instanceof TooManyFilesError) return ApiError.tooManyFiles(exception.max);
  if (exception instanceof NoPagesError) return ApiError.noPages(exception.fileName);
  if (exception instanceof TooManyPagesError) return ApiError.tooManyPages(exception);
  if (exception instanceof ContentTooLargeError) return ApiError.contentTooLarge(exception);
  if (exception instanceof PdfPasswordError) return ApiError.pdfPassword(exception.fileName);
  if (exception instanceof PdfBeyondRepairError) return ApiError.pdfBeyondRepair(exception.message);
  if (exception instanceof PdfCorruptedError || exception instanceof EngineCrashedError) return ApiError.pdfCorrupted();
  if (exception instanceof PdfTooComplexError) return ApiError.documentTooComplex(exception.message);
  if (exception instanceof OfficeDocumentError || exception instanceof PostScriptError) return ApiError.documentNotConvertible();
  if (exception instanceof ArchivalConversionError) return ApiError.archivalConversionFailed(exception.detail);
  if (exception instanceof NotArchivableError) return ApiError.notArchivable(exception.message);
  if (exception instanceof DeadlineExceededError) return ApiError.timedOut(exception.timeLimitMs);
  if (exception instanceof EngineStalledError)
    return ApiError.documentTooComplex(
      `Processing stopped after ${Math.round(exception.watchdogMs / 1000)} s, far longer than this document should take: it is damaged or too complex.`,
    );
  if (exception instanceof DocumentScriptTimeoutError) return ApiError.documentTooComplex(exception.message);
  // The renderer died on the page: out of its memory, or crashed by what the page does.
  if (exception instanceof BrowserCrashedError)
    return ApiError.documentTooComplex('The page could not be rendered: it needs more memory than a page may have, or it crashed the renderer.');
  if (exception instanceof BusyError) return ApiError.busy(exception.retryAfterSeconds);
  if (exception instanceof QueueUnavailableError) return ApiError.queueUnavailable();
  if (exception instanceof ClientShareTakenError) return ApiError.tooManyJobsOfClient(exception.max);
  if (exception instanceof ResultQuotaReachedError) return ApiError.resultQuotaReached(exception.scope, exception.limitBytes, exception.retryAfterSeconds);
  const bodyError = bodyParserError(exception);
  if (bodyError) return bodyError;
  if (!(exception instanceof HttpException)) return undefined;
  const status = exception.getStatus();
  const message = httpMessage(exception);
  if (status === 404) return new ApiError(404, '/errors/not-found', 'Not Found', message);
  // Multer's limit: it stopped reading the file part; say which limit it was.
  if (status === 413) return ApiError.fileTooLarge(config.maxUploadBytes);
  if (status >= 500) return undefined;
  return new ApiError(status, '/errors/malformed-request', 'Bad Request', message);
}

/** A step's failure: the status and problem type its own request would have had, the detail prefixed with the step. */
function stepApiError(error: StepError, config: Pick<ServerConfig, 'maxUploadBytes' | 'maxFiles'>): ApiError {
  const { where } = error;
  const known = toApiError(error.failure, config);
  if (!known) return new ApiError(500, '/errors/pipeline-step-failed', 'Pipeline Step Failed', `${where}the file could not be processed.`);
  return new ApiError(known.status, known.type, known.title, `${where}${known.detail}`, {
    ...known.extra,
    ...(known.extra.errors ? { errors: known.extra.errors.map((e) => `${where}${e}`) } : {}),
  });
}

function httpMessage(exception: HttpException): string {
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

/**
 * Express's body parsers fail with plain errors carrying a 4xx status and a
 * `type` (`entity.too.large`, `entity.parse.failed`, ...): the client's doing,
 * so a 4xx, never the 500 an unknown error gets.
 */
function bodyParserError(exception: unknown): ApiError | undefined {
  const { status, type } = (exception ?? {}) as { status?: unknown; type?: unknown };
  if (typeof type !== 'string' || typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  if (status === 413) return new ApiError(413, '/errors/file-too-large', 'Request Too Large', 'The request body is too large.');
  if (status === 415)
    return new ApiError(415, '/errors/unsupported-media-type', 'Unsupported Media Type', "The request body's encoding or character set is not supported.");
  return new ApiError(status, '/errors/malformed-request', 'Bad Request', 'The request body could not be read.');
}
