import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/resultViews.json';
import type { ResultViewProps } from './index';

/** How the summary names each X-Repair-Method: a program's name, or a message key for one put in words. */
const METHODS: Readonly<Record<string, { name: string } | { key: keyof typeof english }>> = {
  qpdf: { name: 'qpdf' },
  mupdf: { name: 'MuPDF' },
  ghostscript: { name: 'Ghostscript' },
  poppler: { name: 'Poppler' },
  'page-salvage': { key: 'repairMethodPageSalvage' },
};

const countOf = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined);

/**
 * Repair PDF's result: whether the file needed repair, and if it did how many
 * pages and how much text came back and whose recovery it is, from the
 * headers the server sends with the PDF (X-Repair-*).
 */
export function RepairSummaryView({ headers }: ResultViewProps) {
  const t = useMessages('resultViews', english);
  const pages = countOf(headers['x-repair-pages']);
  const characters = countOf(headers['x-repair-text-characters']);
  const original = countOf(headers['x-repair-original-pages']);
  const outcome = headers['x-repair-outcome'];
  if (pages === undefined || characters === undefined) return null;

  if (outcome === 'intact') {
    return (
      <div className="result-notes" data-testid="repair-summary">
        <p className="result-notes__line" data-testid="repair-outcome" data-outcome="intact">
          {t('repairIntact', { pages })}
        </p>
      </div>
    );
  }
  const sent = headers['x-repair-method'] ?? '';
  const known = Object.hasOwn(METHODS, sent) ? METHODS[sent] : undefined;
  const method = known === undefined ? headers['x-repair-method'] : 'key' in known ? t(known.key) : known.name;
  const lost = original !== undefined && original > pages ? original - pages : 0;
  const values = { pages, original, characters, method };
  return (
    <div className="result-notes" data-testid="repair-summary">
      <p className="result-notes__line result-notes__line--good" data-testid="repair-outcome" data-outcome="repaired">
        {original !== undefined
          ? t(characters > 0 ? 'repairRecoveredOfText' : 'repairRecoveredOf', values)
          : t(characters > 0 ? 'repairRecoveredText' : 'repairRecovered', values)}
      </p>
      {lost > 0 && (
        <p className="result-notes__line result-notes__line--warning" data-testid="repair-lost-pages">
          {t('repairLostPages', { lost })}
        </p>
      )}
      {characters === 0 && (
        <p className="result-notes__line result-notes__line--warning" data-testid="repair-no-text">
          {t('repairNoText')}
        </p>
      )}
    </div>
  );
}
