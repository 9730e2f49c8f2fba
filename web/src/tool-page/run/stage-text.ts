import { tools } from '@folio/registry';
import { toolTranslations } from '../../i18n/language';
import { translate } from '../../i18n/use-messages';
import english from '../../locales/en/app/toolPage.json';

const FIXED_STAGES: Readonly<Record<string, keyof typeof english>> = {
  starting: 'stageStarting',
  processing: 'stageProcessing',
  done: 'stageDone',
  'packing the results': 'stagePacking',
};

/** A step's title as the server words it (the tool's English title), in the page's language. */
export function stepTitle(title: string): string {
  const tool = tools.find((candidate) => candidate.title === title);
  return (tool && toolTranslations(tool.id).title) ?? title;
}

/**
 * A job's stage as a visitor reads it, in the page's language: the server's
 * stages (server/src/jobs, tool-runner) are English phrases with numbers,
 * 'step 2 of 4: Compress PDF (file 1 of 3)', 'page 12 of 30'; one the page does
 * not know is shown as the server words it, capitalised.
 */
export function stageText(stage: string): string {
  const fixed = FIXED_STAGES[stage];
  if (fixed) return translate('toolPage', english, fixed);
  const step = /^step (\d+) of (\d+): (.*?)(?: \(file (\d+) of (\d+)\))?$/i.exec(stage);
  if (step) {
    const [, at, of, title, file, files] = step as unknown as [string, string, string, string, string | undefined, string | undefined];
    const values = { step: at, steps: of, title: stepTitle(title) };
    return file === undefined ? translate('toolPage', english, 'stepOf', values) : translate('toolPage', english, 'stepOfFile', { ...values, file, files });
  }
  const counted = /^(page|file) (\d+) of (\d+)$/i.exec(stage);
  if (counted) return translate('toolPage', english, counted[1]!.toLowerCase() === 'page' ? 'stagePage' : 'stageFile', { done: counted[2], total: counted[3] });
  return stage.charAt(0).toUpperCase() + stage.slice(1);
}
