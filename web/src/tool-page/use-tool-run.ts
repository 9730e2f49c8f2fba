import { SHARED_TEXTS, type AnyTool } from '@folio/registry';
import { useCallback, useEffect, useRef, useState } from 'react';
import { REQUEST_ENHANCERS } from '../request-enhancers';
import { useToast } from '../toast';
import { isBatchRun, resultFileName } from './result-file-name';
import { sendMultipart, type MultipartResponse } from './send-multipart';
import { toolFormData } from './tool-form-data';

export interface ToolResult {
  body: Blob;
  fileName: string;
  /** A single PDF came back: show it in the preview frame. */
  previewable: boolean;
}

export interface ToolRun {
  busy: boolean;
  /** Share of the upload sent, 0 to 1, while busy; null when idle. */
  uploadProgress: number | null;
  result: ToolResult | null;
  /** Sends the files and parsed options; resolves true on success. */
  run(files: readonly File[], params: Record<string, unknown>): Promise<boolean>;
  clearResult(): void;
}

/** Spec §8: one toast for every failure, the title and the body on two lines. */
export const FAILURE_MESSAGE = `${SHARED_TEXTS.errorToastTitle}\n${SHARED_TEXTS.errorToastBody}`;

function toResult(tool: AnyTool, files: readonly File[], response: MultipartResponse): ToolResult {
  return {
    body: response.body,
    fileName: resultFileName(tool, files, response.contentDisposition),
    previewable: !isBatchRun(tool, files.length) && response.contentType.toLowerCase().includes('application/pdf'),
  };
}

/** Runs a tool against its endpoint: request, progress, result and the success or failure toast. */
export function useToolRun(tool: AnyTool): ToolRun {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
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
        const response = await sendMultipart(tool.endpoint, toolFormData(files, { ...params, ...computed }), {
          signal: controller.signal,
          onUploadProgress: setUploadProgress,
        });
        if (!response.ok) throw new Error(`POST ${tool.endpoint} answered ${response.status}.`);
        setResult(toResult(tool, files, response));
        toast.success(tool.toast.success);
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
        }
      }
    },
    [tool, toast],
  );

  const clearResult = useCallback(() => setResult(null), []);

  return { busy, uploadProgress, result, run, clearResult };
}
