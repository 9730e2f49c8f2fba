import { messageTranslator, SOURCE_LOCALE, tools } from '@folio/registry';
import { activeLocale, toolTranslations } from '../../i18n/language';
import { translate } from '../../i18n/use-messages';
import english from '../../locales/en/app/problems.json';
import { visitorDetail, type ServerProblem } from './server-problem';

/** The problems the page words itself in other languages, by the server's problem type (server/src/http/api-error.ts). */
const MESSAGES_BY_TYPE: Readonly<Record<string, keyof typeof english>> = {
  '/errors/missing-file': 'missingFile',
  '/errors/invalid-file-type': 'invalidFileType',
  '/errors/pdf-corrupted': 'pdfCorrupted',
  '/errors/pdf-beyond-repair': 'pdfBeyondRepair',
  '/errors/file-too-large': 'fileTooLargeForServer',
  '/errors/too-many-files': 'tooManyFiles',
  '/errors/no-pages': 'noPages',
  '/errors/too-many-pages': 'tooManyPages',
  '/errors/content-too-large': 'contentTooLarge',
  '/errors/document-not-convertible': 'documentNotConvertible',
  '/errors/pdfa-conversion': 'pdfaFailed',
  '/errors/pdfa-validation': 'pdfaFailed',
  '/errors/document-too-complex': 'documentTooComplex',
};

/**
 * The server's detail as the visitor reads it (see `visitorDetail`), in the
 * page's language: the API words its problems in English, so the page gives its
 * own words for the problems it knows by type, translates the tool's own
 * validation messages (which the server words as the page does), and shows
 * any other detail as the server wrote it.
 */
export function problemText(problem: ServerProblem, toolId: string): string | null {
  const detail = visitorDetail(problem);
  if (detail === null || activeLocale() === SOURCE_LOCALE) return detail;
  const known = problem.type === undefined ? undefined : MESSAGES_BY_TYPE[problem.type];
  if (known) return translate('problems', english, known);
  const declared = tools.find((tool) => tool.id === toolId);
  return declared ? messageTranslator(declared, toolTranslations(toolId))(detail) : detail;
}
