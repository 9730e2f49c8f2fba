import { useId, useMemo, type CSSProperties } from 'react';
import { formatFieldDate, isPlainDateFormat, parseFieldDate } from './field-dates';
import { controlPlacement, readingOrder, shownPageSize, widgetBox, type ControlPlacement, type PageFrame } from './field-geometry';
import type { ChoiceWidget, FieldValue, FormField, TextWidget } from './read-form-fields';

export interface FormFieldsLayerProps {
  /** The fields (widgets) of this page. */
  fields: readonly FormField[];
  page: PageFrame;
  /** Every field's value by name (a radio group's and a field shown twice share theirs). */
  values: Readonly<Record<string, FieldValue>>;
  onChange(name: string, value: FieldValue): void;
}

/** Font size of a field whose appearance says 'auto' (0): a single line fits its box, as viewers size it. */
function fontSizePt(field: FormField, heightPt: number): number {
  if (field.fontSizePt) return field.fontSizePt;
  if (field.kind === 'text' && field.multiLine) return 10;
  return Math.max(6, Math.min(12, heightPt * 0.65));
}

const textOf = (value: FieldValue | undefined): string => (typeof value === 'string' ? value : '');
const listOf = (value: FieldValue | undefined): readonly string[] =>
  Array.isArray(value) ? (value as readonly string[]) : typeof value === 'string' && value ? [value] : [];

function TextControl({
  field,
  value,
  onChange,
  style,
}: {
  field: TextWidget;
  value: FieldValue | undefined;
  onChange(value: string): void;
  style: CSSProperties;
}) {
  const common = {
    className: 'form-layer__control form-layer__text',
    style,
    'aria-label': field.label,
    'aria-required': field.required || undefined,
    disabled: field.readOnly,
    'data-field': field.name,
  };
  const text = textOf(value);
  if (field.multiLine) return <textarea {...common} value={text} maxLength={field.maxLength} onChange={(event) => onChange(event.target.value)} />;
  const dateFormat = field.dateFormat && isPlainDateFormat(field.dateFormat) ? field.dateFormat : undefined;
  const iso = dateFormat ? parseFieldDate(text, dateFormat) : undefined;
  // A date field shows a date picker while its text reads as a date of its format (or is empty); the value is written in that format.
  if (dateFormat && (text === '' || iso)) {
    return (
      <input
        {...common}
        type="date"
        value={iso ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? '' : (formatFieldDate(event.target.value, dateFormat) ?? ''))}
      />
    );
  }
  return (
    <input
      {...common}
      type={field.password ? 'password' : 'text'}
      value={text}
      maxLength={field.maxLength}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

function ChoiceControl({
  field,
  value,
  onChange,
  style,
}: {
  field: ChoiceWidget;
  value: FieldValue | undefined;
  onChange(value: string[]): void;
  style: CSSProperties;
}) {
  const chosen = listOf(value);
  const common = {
    className: 'form-layer__control form-layer__choice',
    style,
    'aria-label': field.label,
    'aria-required': field.required || undefined,
    disabled: field.readOnly,
    'data-field': field.name,
  };
  const options = field.options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
  if (field.combo) {
    const current = chosen[0] ?? '';
    const known = current === '' || field.options.some((option) => option.value === current);
    return (
      <select {...common} value={current} onChange={(event) => onChange(event.target.value === '' ? [] : [event.target.value])}>
        {current === '' && <option value="" />}
        {!known && <option value={current}>{current}</option>}
        {options}
      </select>
    );
  }
  return (
    <select
      {...common}
      multiple={field.multiSelect}
      size={Math.max(2, field.options.length)}
      value={field.multiSelect ? [...chosen] : (chosen[0] ?? '')}
      onChange={(event) => onChange(Array.from(event.target.selectedOptions, (option) => option.value))}
    >
      {options}
    </select>
  );
}

/**
 * One page's form fields as real controls laid exactly over their widgets:
 * text boxes, check boxes, radio buttons grouped by field name, drop-downs
 * and lists, sized to the widget with the field's font scaled to the page.
 * They come in the page's reading order, so Tab goes through the form as it
 * reads; each is named by the field's tooltip or name; read-only fields are
 * shown but disabled. The page is paper in both themes, so the controls keep
 * light colours (see form-filler.css).
 */
export function FormFieldsLayer({ fields, page, values, onChange }: FormFieldsLayerProps) {
  const layerId = useId();
  const size = shownPageSize(page);
  const placed = useMemo(() => {
    const boxed = fields.map((field) => ({ field, box: widgetBox(field.rect, page), placement: controlPlacement(field.rect, page) }));
    return readingOrder(boxed, (entry) => entry.box);
  }, [fields, page]);

  // On a turned page the control turns with it, so its text runs the way the page's does.
  const styleOf = (field: FormField, placement: ControlPlacement): CSSProperties => ({
    left: placement.left,
    top: placement.top,
    width: placement.width,
    height: placement.height,
    fontSize: fontSizePt(field, placement.height / page.scale) * page.scale,
    ...(placement.rotation ? { transform: `rotate(${placement.rotation}deg)` } : {}),
  });

  return (
    <div className="form-layer" style={{ width: size.width, height: size.height }} data-testid="form-fields-layer">
      {placed.map(({ field, placement }) => {
        const style = styleOf(field, placement);
        const value = values[field.name];
        switch (field.kind) {
          case 'text':
            return <TextControl key={field.id} field={field} value={value} style={style} onChange={(text) => onChange(field.name, text)} />;
          case 'choice':
            return <ChoiceControl key={field.id} field={field} value={value} style={style} onChange={(chosen) => onChange(field.name, chosen)} />;
          case 'checkbox':
            return (
              <input
                key={field.id}
                type="checkbox"
                className="form-layer__control form-layer__button"
                style={style}
                aria-label={field.label}
                disabled={field.readOnly}
                data-field={field.name}
                checked={value === true}
                onChange={(event) => onChange(field.name, event.target.checked)}
              />
            );
          case 'radio':
            return (
              <input
                key={field.id}
                type="radio"
                className="form-layer__control form-layer__button"
                style={style}
                name={`${layerId}-${field.name}`}
                aria-label={`${field.label}: ${field.exportValue}`}
                disabled={field.readOnly}
                data-field={field.name}
                value={field.exportValue}
                checked={value === field.exportValue}
                onChange={() => onChange(field.name, field.exportValue)}
              />
            );
        }
      })}
    </div>
  );
}
