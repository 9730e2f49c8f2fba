import { open } from 'node:fs/promises';
import { RESULT_CONTENT_TYPES, type AnyTool, type ResolvedResult } from '@folio/registry';
import type { NoContentOutput, ProcessorOutput } from './processor';

/** The first bytes of each content type the runner can tell by them. */
const SIGNATURES: Readonly<Record<string, readonly string[]>> = {
  'application/pdf': ['%PDF-'],
  'image/png': ['\x89PNG'],
  'image/jpeg': ['\xff\xd8\xff'],
  'image/gif': ['GIF8'],
  'image/tiff': ['II*\x00', 'MM\x00*'],
  'image/webp': ['RIFF'],
  zip: ['PK\x03\x04', 'PK\x05\x06'],
};

/**
 * What in a processor's output its tool's declaration does not allow, each said
 * as a sentence naming the fix; none when it all is. `declared` is the answer
 * the declaration gives for the output's options and outcome.
 */
export async function undeclaredParts(tool: AnyTool, output: ProcessorOutput | NoContentOutput, declared: ResolvedResult): Promise<string[]> {
  const file = `registry/${tool.id}.tool.ts`;
  if ('noContent' in output) return tool.result.noContentWhen ? [] : [`answered with no content (204), which ${file} does not declare (result.noContentWhen)`];
  const problems: string[] = [];
  if (output.outcome !== undefined && !tool.result.outcomes?.[output.outcome]) {
    problems.push(`returned the outcome "${output.outcome}", which ${file} does not declare (result.outcomes)`);
  }
  if (output.fileName !== undefined && !declared.download.namedByProcessor) {
    problems.push(
      `named its result "${output.fileName}" itself, where ${file} names it (download.api "${declared.download.api}"); declare the name there, or download.namedByProcessor`,
    );
  }
  for (const header of Object.keys(output.headers ?? {})) {
    if (!Object.keys(tool.result.headers ?? {}).some((name) => name.toLowerCase() === header.toLowerCase())) {
      problems.push(`sent the header ${header}, which ${file} does not declare (result.headers)`);
    }
  }
  const signatures = declared.kind === 'zip' && declared.apiContentType === RESULT_CONTENT_TYPES.zip ? SIGNATURES.zip : SIGNATURES[declared.apiContentType];
  if (signatures && !(await startsWithAny(output.path, signatures))) {
    problems.push(
      `wrote a file that is not the ${declared.kind === 'zip' ? 'ZIP' : declared.apiContentType} ${file} declares for these options${output.outcome ? ` and the outcome "${output.outcome}"` : ''}`,
    );
  }
  return problems;
}

/** A result the declaration does not allow (a test-mode refusal: a processor and its declaration disagree). */
export class UndeclaredResultError extends Error {
  constructor(toolId: string, problems: readonly string[]) {
    super(`The processor of "${toolId}" ${problems.join('; it ')}.`);
    this.name = 'UndeclaredResultError';
  }
}

async function startsWithAny(path: string, signatures: readonly string[]): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(8), 0, 8, 0);
    const head = buffer.subarray(0, bytesRead).toString('latin1');
    return signatures.some((signature) => head.startsWith(signature));
  } finally {
    await handle.close();
  }
}
