import type { ResultViewProps } from './index';

/** How the summary names each X-Repair-Method. */
const METHODS: Readonly<Record<string, string>> = {
  qpdf: 'qpdf',
  mupdf: 'MuPDF',
  ghostscript: 'Ghostscript',
  poppler: 'Poppler',
  'page-salvage': 'a page tree rebuilt from the pages left in the file',
};

const countOf = (value: string | undefined) => (value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined);
const pagesIn = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'page' : 'pages'}`;

/**
 * Repair PDF's result: whether the file needed repair, and if it did how many
 * pages and how much text came back and whose recovery it is, from the
 * headers the server sends with the PDF (X-Repair-*).
 */
export function RepairSummaryView({ headers }: ResultViewProps) {
  const pages = countOf(headers['x-repair-pages']);
  const characters = countOf(headers['x-repair-text-characters']);
  const original = countOf(headers['x-repair-original-pages']);
  const outcome = headers['x-repair-outcome'];
  if (pages === undefined || characters === undefined) return null;

  if (outcome === 'intact') {
    return (
      <div className="result-notes" data-testid="repair-summary">
        <p className="result-notes__line" data-testid="repair-outcome" data-outcome="intact">
          Nothing needed repair: all {pagesIn(pages)} could be read, and the file comes back as it was.
        </p>
      </div>
    );
  }
  const method = METHODS[headers['x-repair-method'] ?? ''] ?? headers['x-repair-method'];
  const lost = original !== undefined && original > pages ? original - pages : 0;
  return (
    <div className="result-notes" data-testid="repair-summary">
      <p className="result-notes__line result-notes__line--good" data-testid="repair-outcome" data-outcome="repaired">
        Recovered {original !== undefined ? `${pages.toLocaleString('en')} of ${pagesIn(original)}` : pagesIn(pages)}
        {characters > 0 ? ` and ${characters.toLocaleString('en')} characters of text` : ''}, using {method}.
      </p>
      {lost > 0 && (
        <p className="result-notes__line result-notes__line--warning" data-testid="repair-lost-pages">
          {pagesIn(lost)} could not be recovered.
        </p>
      )}
      {characters === 0 && (
        <p className="result-notes__line result-notes__line--warning" data-testid="repair-no-text">
          No text could be recovered: the pages hold only pictures and drawings, or their text was lost with the damage.
        </p>
      )}
    </div>
  );
}
