import { resolveResult, type AnyTool, type ResultKind } from '@folio/registry';
import { fileNameFromContentDisposition, isBatchRun, resultFileName } from '../result/result-file-name';
import type { ToolResult } from '../result/tool-result';
import { filesOfRun } from './pre-upload-checks';
import type { MultipartResponse } from './send-multipart';

/**
 * Why an answer is not a result, or null when it is one. 204 carries nothing to
 * show; a tool that lists `result.contentTypes` takes only those (spec §5: PDF to
 * CSV must answer text/csv, PDF to Image a ZIP).
 */
export function failureOf(tool: AnyTool, response: Pick<MultipartResponse, 'ok' | 'status' | 'contentType'>): string | null {
  if (!response.ok) return `answered ${response.status}`;
  if (response.status === 204) return 'answered 204 with nothing to show';
  const expected = tool.result.contentTypes;
  const type = response.contentType.toLowerCase();
  if (expected && !expected.some((t) => type.includes(t.toLowerCase()))) return `answered "${response.contentType}", not one of ${expected.join(', ')}`;
  return null;
}

/** A successful answer as the page shows it: its name and how to show it. */
export function resultOf(tool: AnyTool, files: readonly File[], params: Record<string, unknown>, response: MultipartResponse): ToolResult {
  return {
    body: response.body,
    fileName: resultFileName(tool, files, response.contentDisposition, params, response.contentType),
    kind: resultKind(tool, params, files.length, response),
    ...(response.headers ? { headers: response.headers } : {}),
    // A tool's own view may show what was sent beside the answer (Compare's two documents).
    ...(tool.result.view ? { inputs: filesOfRun(tool, files, params) } : {}),
  };
}

function resultKind(tool: AnyTool, params: Record<string, unknown>, fileCount: number, response: MultipartResponse): ResultKind {
  if (isBatchRun(tool, fileCount)) return 'zip';
  const { kind } = resolveResult(tool, params);
  // Never preview as a PDF what is not one.
  if (kind === 'pdf' && !isPdfAnswer(response)) return 'download';
  return kind;
}

/** A PDF by its type, or bytes served under a .pdf name (the pipeline's single result is application/octet-stream, reference §7). */
function isPdfAnswer({ contentType, contentDisposition }: MultipartResponse): boolean {
  const type = contentType.toLowerCase();
  if (type.includes('application/pdf')) return true;
  return type.includes('application/octet-stream') && /\.pdf$/i.test(fileNameFromContentDisposition(contentDisposition) ?? '');
}
