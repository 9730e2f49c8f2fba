import type { Request } from 'express';
import { FILE_FIELD, fileFieldsOf, type AnyTool } from '@folio/registry';
import { ApiError } from '../http/api-error';
import { PROGRESS_ID } from '../jobs/progress-record';
import type { SentFile, ToolRequest } from '../tool-execution/tool-request';

/** The files and options of a multipart tool request (file fields' parts as `SentFile`s in the body). */
export function readToolRequest(tool: AnyTool, req: Request): ToolRequest {
  if (!req.is('multipart/form-data')) throw ApiError.unsupportedMediaType();
  const parts = (req.files as Express.Multer.File[] | undefined) ?? [];
  const fileFields = [FILE_FIELD, ...(tool.input.aliases ?? [])];
  return {
    uploads: parts.filter((part) => fileFields.includes(part.fieldname)).map(describePart),
    body: withFileParts(tool, (req.body ?? {}) as Record<string, unknown>, parts),
  };
}

/** `async=true` in the query or the form, in the reference's boolean spellings. */
export function wantsAsync(req: Request): boolean {
  const value = req.query.async ?? (req.body as Record<string, unknown> | undefined)?.async;
  return typeof value === 'string' && /^(true|on|yes|1)$/i.test(value);
}

/** `?progressId=<uuid>`: the id the client follows the request's progress by, if it sent a valid one. */
export function progressIdOf(req: Request): string | undefined {
  const id = req.query.progressId;
  return typeof id === 'string' && PROGRESS_ID.test(id) ? id : undefined;
}

function describePart(part: Express.Multer.File): SentFile {
  return { path: part.path, originalName: decodeUploadName(part.originalname), size: part.size };
}

/**
 * The body as the schema reads it: each file field's parts, under the name or
 * alias they came by, in place of anything sent as text under those names (text
 * never counts as a file; `x[path]=...` must not pass for an upload).
 */
function withFileParts(tool: AnyTool, body: Record<string, unknown>, parts: readonly Express.Multer.File[]): Record<string, unknown> {
  const merged = { ...body };
  for (const [name, field] of fileFieldsOf(tool)) {
    for (const key of [name, ...(field.aliases ?? [])]) {
      const sent = parts.filter((part) => part.fieldname === key);
      if (sent.length > 0) merged[key] = sent.map(describePart);
      else delete merged[key];
    }
  }
  return merged;
}

/**
 * Multer hands over the raw header bytes as latin1; browsers send UTF-8, so
 * re-decode names like "résumé.pdf" unless that produces invalid text.
 */
function decodeUploadName(name: string): string {
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  return decoded.includes('\uFFFD') ? name : decoded;
}
