import { JOB_THRESHOLD_BYTES, type AnyTool } from '@folio/registry';
import type { InputFile } from './inputs';

/**
 * The requests a run makes, each with its files, as the declaration says the tool
 * takes them: a combining tool (Merge) gets all in one; a tool that works on one
 * document at a time gets one request per file; a tool that takes several in a
 * batch does too, unless `together` asks for the API's batch (one request, one
 * ZIP of the results), within the tool's own limit of files per request.
 */
export function planRequests(tool: AnyTool, files: readonly InputFile[], together: boolean): InputFile[][] {
  if (tool.input.combine) return [[...files]];
  if (!tool.input.multiple || !together) return files.map((file) => [file]);
  const size = tool.input.maxFiles ?? files.length;
  const requests: InputFile[][] = [];
  for (let start = 0; start < files.length; start += size) requests.push(files.slice(start, start + size));
  return requests;
}

/** Whether a request goes as an async job: asked for, a tool declared long-running, or 20 MB of uploads or more. */
export function sendsAsJob(tool: AnyTool, files: readonly InputFile[], asked: boolean): boolean {
  return asked || tool.longRunning === true || files.reduce((sum, file) => sum + file.size, 0) >= JOB_THRESHOLD_BYTES;
}
