import { useEffect, useMemo, useRef, useState } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/formFiller.json';
import { needsPassword, type PDFDocumentProxy } from '../../pdf-rendering/open-pdf';
import { holdDocument } from '../../pdf-rendering/shared-documents';
import type { WidgetComponent } from '../widget-types';
import { FormFieldsLayer } from './FormFieldsLayer';
import { PageWorkspace } from '../page-workspace/PageWorkspace';
import type { PageFrame } from './field-geometry';
import { fillData, fillDataJson } from './form-values';
import { readFormFields, valuesInFile, type FieldValue, type FormLayout } from './read-form-fields';
import '../../styles/page-workspace.css';
import './form-filler.css';

type Reading =
  | { kind: 'none' }
  | { kind: 'reading' }
  | { kind: 'locked' }
  | { kind: 'unreadable' }
  | { kind: 'ready'; doc: PDFDocumentProxy; layout: FormLayout; inFile: Record<string, FieldValue> };

/** Fill Form places nothing on the pages: the workspace only shows them, with the fields over them. */
const NO_ITEMS: readonly never[] = [];
const NO_KINDS: readonly never[] = [];
const ignoreItems = () => undefined;

/** Reads the chosen file's form, holding its pdf.js document while the page shows it. */
function useFormLayout(file: File | undefined): Reading {
  const [reading, setReading] = useState<Reading>({ kind: 'none' });
  useEffect(() => {
    if (!file) return setReading({ kind: 'none' });
    setReading({ kind: 'reading' });
    const hold = holdDocument(file);
    const stop = new AbortController();
    hold.document
      .then(async (doc) => {
        const layout = await readFormFields(doc, stop.signal);
        if (!stop.signal.aborted) setReading({ kind: 'ready', doc, layout, inFile: valuesInFile(layout.pages.flatMap((page) => page.fields)) });
      })
      .catch((error: unknown) => {
        if (!stop.signal.aborted) setReading({ kind: needsPassword(error) ? 'locked' : 'unreadable' });
      });
    return () => {
      stop.abort();
      hold.release();
    };
  }, [file]);
  return reading;
}

/**
 * Fill Form's `data` on the page: the chosen PDF's pages with its fields as
 * controls over them. What the visitor changes becomes `data`, the JSON
 * `/api/v1/form/fill` takes; fields left alone are not sent. A form with XFA
 * says what can be filled here.
 */
export const FormFillerWidget: WidgetComponent = ({ label, describedBy, onChange, form }) => {
  const t = useMessages('formFiller', english);
  const reading = useFormLayout(form?.files[0]);
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const fields = useMemo(() => (reading.kind === 'ready' ? reading.layout.pages.flatMap((page) => page.fields) : []), [reading]);
  const inFile = reading.kind === 'ready' ? reading.inFile : undefined;
  const report = useRef(onChange);
  report.current = onChange;

  // A new file starts from its own values, and nothing to send.
  useEffect(() => {
    setValues(inFile ?? {});
    report.current('{}');
  }, [inFile]);

  const change = (name: string, value: FieldValue) => {
    const next = { ...values, [name]: value };
    setValues(next);
    onChange(fillDataJson(fields, inFile ?? {}, next));
  };
  const changedCount = inFile ? Object.keys(fillData(fields, inFile, values)).length : 0;

  return (
    // The field row's label names the group (a label cannot point at a group, so it is given again).
    <div className="form-filler" role="group" aria-label={label} aria-describedby={describedBy}>
      <FillerStatus reading={reading} fieldCount={new Set(fields.map((field) => field.name)).size} changedCount={changedCount} t={t} />
      {reading.kind === 'ready' && reading.layout.fillable && (
        <PageWorkspace
          doc={reading.doc}
          fileName={form?.files[0]?.name ?? ''}
          items={NO_ITEMS}
          onItemsChange={ignoreItems}
          kinds={NO_KINDS}
          disabled={false}
          withoutFormFields
          renderPageOverlay={({ number, scale }) => {
            const page = reading.layout.pages[number - 1];
            if (!page || page.fields.length === 0) return undefined;
            const [x1, y1, x2, y2] = page.viewBox;
            const frame: PageFrame = { widthPt: x2 - x1, heightPt: y2 - y1, rotation: page.rotation, scale, viewBox: page.viewBox };
            return <FormFieldsLayer fields={page.fields} page={frame} values={values} onChange={change} />;
          }}
        />
      )}
    </div>
  );
};

interface FillerStatusProps {
  reading: Reading;
  fieldCount: number;
  changedCount: number;
  t: ReturnType<typeof useMessages<typeof english>>;
}

/** One line on what the page can do with the chosen file, and an XFA notice where it applies. */
function FillerStatus({ reading, fieldCount, changedCount, t }: FillerStatusProps) {
  const line = (text: string, tone: 'muted' | 'warning' = 'muted') => (
    <p className={`form-filler__status form-filler__status--${tone}`} role="status" data-testid="form-filler-status">
      {text}
    </p>
  );
  switch (reading.kind) {
    case 'none':
      return line(t('chooseFile'));
    case 'reading':
      return line(t('reading'));
    case 'locked':
      return line(t('needsPassword'), 'warning');
    case 'unreadable':
      return line(t('unreadable'), 'warning');
    case 'ready': {
      const { layout } = reading;
      if (layout.xfa === 'xfa-only') return line(t('xfaOnly'), 'warning');
      if (!layout.fillable) return line(t('noFields'));
      const pages = layout.pages.filter((page) => page.fields.length > 0).length;
      return (
        <>
          {layout.xfa === 'hybrid' && (
            <p className="form-filler__status form-filler__status--warning" data-testid="form-filler-xfa">
              {t('xfaHybrid')}
            </p>
          )}
          {line(`${t('summary', { fields: fieldCount, pages })} ${t('changed', { count: changedCount })}`)}
        </>
      );
    }
  }
}
