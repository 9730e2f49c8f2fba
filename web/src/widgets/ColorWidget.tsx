import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/widgets.json';
import { textValue } from './field-attributes';
import type { WidgetProps } from './widget-types';

/** The colours the spec's pages offer by name (Auto Redact's choice), as one-click swatches. */
const SWATCHES = [
  { name: 'swatchBlack', hex: '#000000' },
  { name: 'swatchRed', hex: '#FF0000' },
  { name: 'swatchBlue', hex: '#0000FF' },
  { name: 'swatchGreen', hex: '#00FF00' },
] as const;

const HEX = /^#?([0-9a-f]{6})$/i;

/** A hex colour: swatches for the named colours, the browser's picker for any other, and the hex text itself. */
export function ColorWidget({ id, name, label, field, value, onChange, onBlur, inputRef, invalid, describedBy, disabled }: WidgetProps) {
  const t = useMessages('widgets', english);
  const text = textValue(value);
  const match = HEX.exec(text.trim());
  const pickerValue = match ? `#${match[1].toLowerCase()}` : '#000000';
  return (
    <div className="color-field">
      <div className="color-field__swatches" role="group" aria-label={t('colorPresets', { label })}>
        {SWATCHES.map((swatch) => (
          <button
            key={swatch.hex}
            type="button"
            className="color-field__swatch"
            style={{ background: swatch.hex }}
            title={t(swatch.name)}
            aria-label={t(swatch.name)}
            aria-pressed={pickerValue === swatch.hex.toLowerCase()}
            onClick={() => onChange(swatch.hex)}
            disabled={disabled}
          />
        ))}
      </div>
      <input
        type="color"
        className="color-field__picker"
        aria-label={t('colorCustom', { label })}
        value={pickerValue}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
      />
      <input
        id={id}
        name={name}
        type="text"
        className="input color-field__text"
        value={text}
        placeholder={field.placeholder}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        ref={inputRef}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        spellCheck={false}
      />
    </div>
  );
}
