import { useLingui } from '@lingui/react';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/resultViews.json';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useBlobText } from '../hooks/use-blob-text';
import type { ResultViewProps } from './index';

/** The answer pretty-printed with its parsed value; text that is not JSON is shown as it came. */
function prettyJson(text: string): { text: string; value: unknown } {
  try {
    const value: unknown = JSON.parse(text);
    return { text: JSON.stringify(value, null, 2), value };
  } catch {
    return { text, value: undefined };
  }
}

/**
 * Get All Info on PDF's result in two views (spec §2: "two variants, JSON text
 * shown pretty-printed"): the sections, each a collapsible panel of labelled
 * values for reading, and the JSON itself, pretty-printed, for copying or
 * comparing with what the API answers. The download button saves the JSON.
 */
export function PdfInfoView({ body }: ResultViewProps) {
  const t = useMessages('resultViews', english);
  const { locale } = useLingui().i18n;
  const text = useBlobText(body);
  const [view, setView] = useState<'sections' | 'json'>('sections');
  const id = useId();
  const json = useMemo(() => (text === null ? null : prettyJson(text)), [text]);

  if (json === null) return null;
  const sections = isObject(json.value) ? Object.entries(json.value) : Array.isArray(json.value) ? json.value.map(entrySection) : [];
  const tab = (key: 'sections' | 'json', label: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-${key}-tab`}
      aria-selected={view === key}
      aria-controls={`${id}-${key}`}
      className={`pdf-info__tab${view === key ? ' pdf-info__tab--active' : ''}`}
      onClick={() => setView(key)}
    >
      {label}
    </button>
  );

  return (
    <div className="pdf-info" data-testid="pdf-info">
      <div className="pdf-info__tabs" role="tablist" aria-label={t('pdfInfoViews')}>
        {tab('sections', t('pdfInfoSectionsTab'))}
        {tab('json', t('pdfInfoJsonTab'))}
      </div>
      {view === 'sections' ? (
        <div role="tabpanel" id={`${id}-sections`} aria-labelledby={`${id}-sections-tab`} className="pdf-info__sections">
          {sections.map(([name, value]) => (
            <Panel
              key={name}
              title={sectionTitle(name, t)}
              note={sectionNote(value, locale, t('sectionEmptyNote'))}
              open={!CLOSED_SECTIONS.has(name)}
              section={name}
            >
              {name === 'PerPageInfo' && isObject(value) ? <Pages pages={value} /> : <Value value={value} />}
            </Panel>
          ))}
        </div>
      ) : (
        <div role="tabpanel" id={`${id}-json`} aria-labelledby={`${id}-json-tab`}>
          <pre className="pdf-info__json" tabIndex={0} data-testid="pdf-info-json">
            {json.text}
          </pre>
        </div>
      )}
    </div>
  );
}

/** Headings for the reference's section keys, by message key. */
const SECTION_TITLES: Partial<Record<string, keyof typeof english>> = {
  Metadata: 'sectionMetadata',
  BasicInfo: 'sectionBasicInfo',
  DocumentInfo: 'sectionDocumentInfo',
  Compliancy: 'sectionCompliancy',
  Encryption: 'sectionEncryption',
  Permissions: 'sectionPermissions',
  FormFields: 'sectionFormFields',
  Other: 'sectionOther',
  PerPageInfo: 'sectionPerPageInfo',
  SummaryData: 'sectionSummaryData',
};

/** A section's heading in the active language; a key the page does not know, as it came. */
function sectionTitle(name: string, t: (key: keyof typeof english) => string): string {
  const key = Object.hasOwn(SECTION_TITLES, name) ? SECTION_TITLES[name] : undefined;
  return key ? t(key) : name;
}

/** Sections that can be long start closed. */
const CLOSED_SECTIONS = new Set(['Other', 'PerPageInfo']);

/**
 * An answer that is a list (Verify PDF/A and PDF/UA: one report per standard)
 * shows one section per entry, titled by the entry's `standardName` when it has one.
 */
function entrySection(entry: unknown, index: number): [string, unknown] {
  const name = isObject(entry) && typeof entry.standardName === 'string' ? entry.standardName : String(index + 1);
  return [name, entry];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** A count beside a section's title, in `locale`'s digits; `none` for an empty one. e.g. '3' */
function sectionNote(value: unknown, locale: string, none: string): string | undefined {
  if (Array.isArray(value)) return new Intl.NumberFormat(locale, { useGrouping: false }).format(value.length);
  if (isObject(value)) {
    const count = Object.keys(value).length;
    return count === 0 ? none : undefined;
  }
  return undefined;
}

/**
 * A collapsible panel whose content is only built while it is open: a
 * thousand-page document's pages cost nothing until looked at.
 */
function Panel({ title, note, open, section, children }: { title: string; note?: string; open: boolean; section?: string; children: ReactNode }) {
  const [isOpen, setOpen] = useState(open);
  return (
    <details className="pdf-info__panel" open={isOpen} onToggle={(event) => setOpen(event.currentTarget.open)} data-section={section}>
      <summary className="pdf-info__summary">
        {title}
        {note && <span className="pdf-info__note"> ({note})</span>}
      </summary>
      {isOpen && <div className="pdf-info__content">{children}</div>}
    </details>
  );
}

/** Pages one per panel, closed. */
function Pages({ pages }: { pages: Record<string, unknown> }) {
  const t = useMessages('resultViews', english);
  const entries = Object.entries(pages);
  if (entries.length === 0) return <p className="pdf-info__empty">{t('valueNone')}</p>;
  return (
    <div className="pdf-info__pages">
      {entries.map(([name, page]) => (
        <Panel key={name} title={name} note={pageNote(page)} open={false}>
          <Value value={page} />
        </Panel>
      ))}
    </div>
  );
}

/** e.g. 'A4, Portrait' */
function pageNote(page: unknown): string | undefined {
  if (!isObject(page)) return undefined;
  const size = isObject(page.Size) ? page.Size['Standard Page'] : undefined;
  return [size, page['Page Orientation']].filter((part) => typeof part === 'string').join(', ') || undefined;
}

/** Text shown as a scrolling block rather than inline: several lines, markup (the XMP packet) or very long. */
const isBlockText = (text: string) => text.includes('\n') || text.trimStart().startsWith('<') || text.length > 300;

/** Any value of the answer, readably: objects as label–value lists, arrays as lists, yes/no for booleans. */
function Value({ value }: { value: unknown }) {
  const t = useMessages('resultViews', english);
  if (value === null || value === undefined) return <span className="pdf-info__missing">{t('valueNotSet')}</span>;
  if (typeof value === 'boolean') return <span>{value ? t('yes') : t('no')}</span>;
  if (typeof value === 'string') {
    if (value === '') return <span className="pdf-info__missing">{t('valueEmpty')}</span>;
    return isBlockText(value) ? <pre className="pdf-info__text">{value}</pre> : <span>{value}</span>;
  }
  if (typeof value === 'number') return <span>{String(value)}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="pdf-info__missing">{t('valueNone')}</span>;
    return (
      <ol className="pdf-info__list">
        {value.map((item, index) => (
          <li key={index}>
            <Value value={item} />
          </li>
        ))}
      </ol>
    );
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return <span className="pdf-info__missing">{t('valueNone')}</span>;
    return (
      <dl className="pdf-info__fields">
        {entries.map(([key, item]) => (
          <div key={key} className="pdf-info__field" data-field={key}>
            <dt>{key}</dt>
            <dd>
              <Value value={item} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return <span>{String(value)}</span>;
}
