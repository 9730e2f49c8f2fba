import { removePasswordTool, SHARED_TEXTS, toolPath, type AnyTool } from '@folio/registry';

/** Said on the page after the visitor cancels a run. */
export const CANCELLED_NOTICE = 'Cancelled: nothing was kept on the server.';

/** Spec §8: one toast for every failure, the title and the body on two lines. */
export const FAILURE_MESSAGE = `${SHARED_TEXTS.errorToastTitle}\n${SHARED_TEXTS.errorToastBody}`;

/** What the error toast adds under its text, when the server names the visitor's problem. */
export interface FailureNote {
  /** e.g. 'Page 7 is out of range: "a3.pdf" has 3 pages.' */
  detail: string;
  /** A tool that would help. e.g. { text: 'Remove PDF Password', href: '/tools/security/remove-password' } */
  link?: { text: string; href: string };
}

/**
 * The success toast with its placeholder filled: `{FORMAT}` is the chosen
 * `outputFormat`, upper-cased (PDF to Text/RTF: 'PDF converted to RTF successfully!').
 */
export function successMessage(tool: AnyTool, params: Record<string, unknown>): string {
  const format = params.outputFormat;
  return tool.toast.success.replaceAll('{FORMAT}', format === undefined || format === null ? '' : String(format).toUpperCase());
}

/**
 * Said on the page when the tool answers 204 (PDF to CSV without a table): the
 * declaration's `result.noContentWhen` as a sentence.
 */
export function nothingFoundMessage(tool: AnyTool): string {
  const when = tool.result.noContentWhen?.trim();
  if (!when) return 'The tool found nothing to return for this file.';
  return `${when.charAt(0).toUpperCase()}${when.slice(1)}${/[.!?]$/.test(when) ? '' : '.'}`;
}

/** Under the error toast, when the PDF needs a password this tool cannot take: where to remove it. */
export function passwordProtectedNote(fileName: string | null): FailureNote {
  return { detail: passwordProtectedDetail(fileName), link: { text: removePasswordTool.title, href: toolPath(removePasswordTool) } };
}

/** e.g. 'payslip.pdf is password-protected. Remove its password first with Remove PDF Password, then try again.' */
export function passwordProtectedDetail(fileName: string | null): string {
  return `${fileName ?? 'One of the PDFs'} is password-protected. Remove its password first with ${removePasswordTool.title}, then try again.`;
}

/** Under the error toast, when the password typed in the tool's own field does not open the PDF. */
export function wrongPasswordDetail(fileName: string | null): string {
  return `That password does not open ${fileName ?? 'the PDF'}.`;
}
