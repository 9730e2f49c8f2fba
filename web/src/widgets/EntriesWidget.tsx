import type { EntriesOptions, Entry, Field } from '@folio/registry';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/widgets.json';
import type { WidgetProps } from './widget-types';

/** The rows of an `entries` field, as the form holds them (rows being typed may have a blank name). */
function rowsOf(value: unknown): Entry[] {
  return Array.isArray(value) ? (value as Entry[]) : [];
}

/**
 * An `entries` field: a list of name/value rows, each with a remove button, and
 * a button that adds an empty row. Rows left with a blank name are not sent.
 */
export function EntriesWidget({ id, field, value, onChange, onBlur, inputRef, invalid, describedBy, disabled }: WidgetProps) {
  const t = useMessages('widgets', english);
  const declared = field as Field & EntriesOptions;
  const rows = rowsOf(value);
  const update = (index: number, change: Partial<Entry>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const remove = (index: number) => onChange(rows.filter((_, i) => i !== index));
  const add = () => onChange([...rows, { key: '', value: '' }]);

  return (
    <div className="entries" aria-describedby={describedBy}>
      {rows.length > 0 && (
        <ol className="entries__list">
          {rows.map((row, index) => {
            const rowId = index === 0 ? id : `${id}-${index}`;
            return (
              <li className="entries__row" key={index} data-testid="entry-row">
                <input
                  id={rowId}
                  className="input entries__key"
                  aria-label={t('entryField', { label: declared.keyLabel, number: index + 1 })}
                  placeholder={declared.keyLabel}
                  value={row.key}
                  onChange={(event) => update(index, { key: event.target.value })}
                  onBlur={onBlur}
                  ref={index === 0 ? inputRef : undefined}
                  aria-invalid={invalid || undefined}
                  disabled={disabled}
                />
                <input
                  className="input entries__value"
                  aria-label={t('entryField', { label: declared.valueLabel, number: index + 1 })}
                  placeholder={declared.valueLabel}
                  value={row.value}
                  onChange={(event) => update(index, { value: event.target.value })}
                  onBlur={onBlur}
                  disabled={disabled}
                />
                <button
                  type="button"
                  className="button button--ghost entries__remove"
                  onClick={() => remove(index)}
                  disabled={disabled}
                  aria-label={row.key ? t('removeEntry', { name: row.key }) : t('removeEntryNumber', { number: index + 1 })}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <button
        type="button"
        id={rows.length === 0 ? id : undefined}
        className="button button--secondary entries__add"
        // With no rows the field's label points here; the button still says what it does.
        aria-label={declared.addLabel}
        onClick={add}
        disabled={disabled || rows.length >= declared.maxEntries}
      >
        {declared.addLabel}
      </button>
    </div>
  );
}
