import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { ServerConfig } from '../config';
import { DocumentScriptTimeoutError } from '../engines/chromium';
import { OfficeDocumentError } from '../engines/libreoffice';
import { BusyError, DeadlineExceededError, JobAbortedError } from '../engines/limiter';
import { PdfCorruptedError, PdfPasswordError } from '../engines/pdf-errors';
import { EngineCrashedError, EngineStalledError } from '../engines/process';
import { ContentTooLargeError, InvalidInputError, TooManyPagesError } from '../input-checks/input-errors';
import { QueueUnavailableError } from '../jobs/job-queue';
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
      for (const [name, value] of Object.entries(apiError.extra.headers ?? {})) res.setHeader(name, value);
      res.status(apiError.status).type('application/problem+json').send(JSON.stringify(problemBody(apiError, req.path)));
      return;
    }
    this.logger.error(`${req.method} ${req.path} failed`, exception instanceof Error ? exception.stack : String(exception));
    res.status(500).json(unexpectedFailureBody(req.path));
  }
}

/** The problem an error is reported as, or undefined for an unexpected error (a 500). */
export function toApiError(exception: unknown, config: Pick<ServerConfig, 'maxUploadBytes' | 'maxFiles'>): ApiError | undefined {
  if (exception instanceof ApiError) return exception;
  if (exception instanceof InvalidInputError) return ApiError.invalidArgument(exception.message);
  if (exception instanceof TooManyPagesError) return ApiError.tooManyPages(exception);
  if (exception instanceof ContentTooLargeError) return ApiError.contentTooLarge(exception);
  if (exception instanceof PdfPasswordError) return ApiError.pdfPassword();
  if (exception instanceof PdfCorruptedError || exception instanceof EngineCrashedError) return ApiError.pdfCorrupted();
  if (exception instanceof OfficeDocumentError) return ApiError.documentNotConvertible();
  if (exception instanceof DeadlineExceededError) return ApiError.timedOut(exception.timeLimitMs);
  if (exception instanceof EngineStalledError) return ApiError.documentTooComplex(`Processing stopped after ${Math.round(exception.watchdogMs / 1000)} s, far longer than this document should take: it is damaged or too complex.`);
  if (exception instanceof DocumentScriptTimeoutError) return ApiError.documentTooComplex(exception.message);
  if (exception instanceof BusyError) return ApiError.busy(exception.retryAfterSeconds);
  if (exception instanceof QueueUnavailableError) return ApiError.queueUnavailable();
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
  if (status === 415) return new ApiError(415, '/errors/unsupported-media-type', 'Unsupported Media Type', "The request body's encoding or character set is not supported.");
  return new ApiError(status, '/errors/malformed-request', 'Bad Request', 'The request body could not be read.');
}
