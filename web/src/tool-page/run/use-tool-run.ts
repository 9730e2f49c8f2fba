import type { AnyTool, JobStatus } from '@folio/registry';
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router-dom';
import { REQUEST_ENHANCERS } from '../../request-enhancers';
import { loadSiteConfig } from '../../site-config/use-site-config';
import { useToast } from '../../toast';
import { pdfPageCount } from '../files/pdf-page-count';
import type { ToolResult } from '../result/tool-result';
import { announceOutcome } from './announce-outcome';
import { runJob } from './job-run';
import { sendMultipart } from './send-multipart';
import { createToolRun, runView, type ToolRunPorts } from './tool-run';

/** The server needs the PDF's password: the page asks the visitor and answers here. */
export interface PasswordRequest {
  /** The file that needs it, where the run had one. e.g. 'payslip.pdf' */
  fileName: string | null;
  /** The password given in this prompt before did not open it. */
  wrong: boolean;
  /** The visitor's answer: the password to retry with, or null to give up. */
  answer(password: string | null): void;
}

export interface ToolRun {
  busy: boolean;
  /** Share of the upload sent, 0 to 1, while busy; null when idle. */
  uploadProgress: number | null;
  /** Once a run sent as a job (`runsAsJob`) is uploaded: its place in the queue, then its progress; null otherwise. */
  job: JobStatus | null;
  result: ToolResult | null;
  /** What the last run found to say instead of a result (nothing found, cancelled), shown on the page. */
  notice: string | null;
  /** Set while the page should ask for the PDF's password (the tool declares `input.passwordField`). */
  passwordRequest: PasswordRequest | null;
  /**
   * Checks the files and options (emptiness, sizes and counts against the server's
   * limits, pages the PDFs lack), then sends them; resolves true on success.
   */
  run(files: readonly File[], params: Record<string, unknown>): Promise<boolean>;
  /** Stops the run under way (a job is cancelled on the server: its engines stop, its files go). */
  cancel(): void;
  clearResult(): void;
}

const BROWSER_PORTS: ToolRunPorts = {
  uploadLimits: loadSiteConfig,
  pageCount: pdfPageCount,
  requestEnhancers: REQUEST_ENHANCERS,
  send: sendMultipart,
  sendAsJob: runJob,
};

/** Runs a tool from its page: the run's state machine (`tool-run.ts`) wired into React, its outcomes as toasts. */
export function useToolRun(tool: AnyTool): ToolRun {
  const toast = useToast();
  const navigate = useNavigate();
  const machine = useMemo(() => createToolRun(tool, BROWSER_PORTS), [tool]);
  const state = useSyncExternalStore(machine.subscribe, machine.getState);

  // Leaving the page, or closing the tab, cancels a run still under way (a job on the server too).
  useEffect(() => {
    window.addEventListener('pagehide', machine.stop);
    return () => {
      window.removeEventListener('pagehide', machine.stop);
      machine.stop();
    };
  }, [machine]);

  const run = useCallback(
    async (files: readonly File[], params: Record<string, unknown>) => {
      const outcome = await machine.run(files, params);
      announceOutcome(outcome, toast, navigate);
      return outcome.kind === 'succeeded';
    },
    [machine, toast, navigate],
  );

  return useMemo(() => {
    const { passwordQuestion, ...view } = runView(state);
    return {
      ...view,
      result: state.result,
      notice: state.notice,
      passwordRequest: passwordQuestion && { ...passwordQuestion, answer: machine.answerPassword },
      run,
      cancel: machine.cancel,
      clearResult: machine.clearResult,
    };
  }, [state, machine, run]);
}
