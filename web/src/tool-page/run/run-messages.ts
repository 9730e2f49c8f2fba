import { removePasswordTool, SHARED_TEXTS, toolPath, type AnyTool } from '@folio/registry';
import { activeLocale, registryText, toolTranslations } from '../../i18n/language';
import { translate } from '../../i18n/use-messages';
import english from '../../locales/en/app/toolPage.json';

const removePasswordTitle = () => toolTranslations(removePasswordTool.id).title ?? removePasswordTool.title;

/** Said on the page after the visitor cancels a run. */
export function cancelledNotice(): string {
  return translate('toolPage', english, 'cancelled');
}

/** Spec §8: one toast for every failure, the title and the body on two lines. */
export function failureMessage(): string {
  return `${registryText('shared', 'errorToastTitle', SHARED_TEXTS.errorToastTitle)}\n${registryText('shared', 'errorToastBody', SHARED_TEXTS.errorToastBody)}`;
}

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
  if (!when) return translate('toolPage', english, 'nothingFound');
  return `${when.charAt(0).toUpperCase()}${when.slice(1)}${/[.!?。！？।]$/.test(when) ? '' : fullStop()}`;
}

/** The full stop of the page's language: Chinese and Japanese write '。', Hindi '।'. */
function fullStop(): string {
  const language = activeLocale().split('-')[0];
  return language === 'zh' || language === 'ja' ? '。' : language === 'hi' ? '।' : '.';
}

/** Under the error toast, when the PDF needs a password this tool cannot take: where to remove it. */
export function passwordProtectedNote(fileName: string | null): FailureNote {
  return { detail: passwordProtectedDetail(fileName), link: { text: removePasswordTitle(), href: toolPath(removePasswordTool) } };
}

/** e.g. 'payslip.pdf is password-protected. Remove its password first with Remove PDF Password, then try again.' */
export function passwordProtectedDetail(fileName: string | null): string {
  return translate('toolPage', english, 'passwordProtected', { name: fileName ?? translate('toolPage', english, 'onePdf'), tool: removePasswordTitle() });
}

/** Under the error toast, when the password typed in the tool's own field does not open the PDF. */
export function wrongPasswordDetail(fileName: string | null): string {
  return translate('toolPage', english, 'wrongPassword', { name: fileName ?? translate('toolPage', english, 'thePdf') });
}
