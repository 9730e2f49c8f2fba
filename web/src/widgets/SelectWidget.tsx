import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/widgets.json';
import { selectOptionsOf } from './field-attributes';
import type { WidgetProps } from './widget-types';

/**
 * A `select` field, or a `number` field with `choices`. The DOM only holds
 * strings, so the chosen option's declared value (90, not "90") is reported.
 */
export function SelectWidget({ id, name, field, value, onChange, onBlur, inputRef, invalid, describedBy, disabled }: WidgetProps) {
  const t = useMessages('widgets', english);
  const options = selectOptionsOf(field);
  return (
    <select
      id={id}
      name={name}
      className="input input--select"
      value={value === undefined || value === null ? '' : String(value)}
      onChange={(event) => onChange(options.find((option) => String(option.value) === event.target.value)?.value)}
      onBlur={onBlur}
      ref={inputRef}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
    >
      {field.default === undefined && <option value="">{t('selectPlaceholder')}</option>}
      {options.map((option) => (
        <option key={String(option.value)} value={String(option.value)}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
