import { resolveResult, SHARED_TEXTS, type AnyTool, type ResultKind } from '@folio/registry';
import { useCallback, useEffect, useRef, useState } from 'react';
import { REQUEST_ENHANCERS } from '../request-enhancers';
import { useToast } from '../toast';
import { fileNameFromContentDisposition, isBatchRun, resultFileName } from './result-file-name';
import { sendMultipart, type MultipartResponse } from './send-multipart';
import { toolFormData } from './tool-form-data';

export interface ToolResult {
  body: Blob;
  fileName: string;
  /**
   * How the page shows it: the tool's result kind, except that several files run
   * through a one-document tool come back as a ZIP, and a PDF is previewed only
   * when one came back.
   */
  kind: ResultKind;
  /** The response's headers, names in lower case, for a result view that reads them. */
  headers?: Readonly<Record<string, string>>;
}

export interface ToolRun {
  busy: boolean;
  /** Share of the upload sent, 0 to 1, while busy; null when idle. */
  uploadProgress: number | null;
  /**
   * The id the server records this run's stages under (GET /api/v1/progress/{id}),
   * while busy, for a tool that `reportsProgress`; null otherwise.
   */
  progressId: string | null;
  result: ToolResult | null;
  /** Sends the files and parsed options; resolves true on success. */
  run(files: readonly File[], params: Record<string, unknown>): Promise<boolean>;
  clearResult(): void;
}

/** Spec §8: one toast for every failure, the title and the body on two lines. */
export const FAILURE_MESSAGE = `${SHARED_TEXTS.errorToastTitle}\n${SHARED_TEXTS.errorToastBody}`;

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

function toResult(tool: AnyTool, files: readonly File[], params: Record<string, unknown>, response: MultipartResponse): ToolResult {
  const kind = resultKind(tool, params, files.length, response);
  return {
    body: response.body,
    fileName: resultFileName(tool, files, response.contentDisposition, params, response.contentType),
    kind,
    ...(response.headers ? { headers: response.headers } : {}),
  };
}

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

/**
 * The success toast with its placeholder filled: `{FORMAT}` is the chosen
 * `outputFormat`, upper-cased (PDF to Text/RTF: 'PDF converted to RTF successfully!').
 */
export function successMessage(tool: AnyTool, params: Record<string, unknown>): string {
  const format = params.outputFormat;
  return tool.toast.success.replaceAll('{FORMAT}', format === undefined || format === null ? '' : String(format).toUpperCase());
}

/** Runs a tool against its endpoint: request, progress, result and the success or failure toast. */
export function useToolRun(tool: AnyTool): ToolRun {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const [progressId, setProgressId] = useState<string | null>(null);
  const [result, setResult] = useState<ToolResult | null>(null);
  const current = useRef<AbortController | null>(null);

  // Leaving the page cancels a request still under way.
  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(
    async (files: readonly File[], params: Record<string, unknown>) => {
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      setResult(null);
      setBusy(true);
      setUploadProgress(0);
      try {
        const computed = tool.requestEnhancer ? await REQUEST_ENHANCERS[tool.requestEnhancer]({ files, params }) : {};
        const watched = tool.reportsProgress ? crypto.randomUUID() : null;
        setProgressId(watched);
        const url = watched ? `${tool.endpoint}?progressId=${watched}` : tool.endpoint;
        const response = await sendMultipart(url, toolFormData(tool, files, { ...params, ...computed }), {
          signal: controller.signal,
          onUploadProgress: setUploadProgress,
        });
        const failure = failureOf(tool, response);
        if (failure) throw new Error(`POST ${tool.endpoint} ${failure}.`);
        setResult(toResult(tool, files, params, response));
        toast.success(successMessage(tool, params));
        return true;
      } catch (error) {
        if (!controller.signal.aborted) {
          console.error(`Tool "${tool.id}" failed:`, error);
          toast.error(FAILURE_MESSAGE);
        }
        return false;
      } finally {
        if (current.current === controller) {
          current.current = null;
          setBusy(false);
          setUploadProgress(null);
          setProgressId(null);
        }
      }
    },
    [tool, toast],
  );

  const clearResult = useCallback(() => setResult(null), []);

  return { busy, uploadProgress, progressId, result, run, clearResult };
}
