import { numberInputAttributes, textValue } from './field-attributes';
import type { WidgetProps } from './widget-types';

/** Reports the text as typed ("0.5", ""); the field's schema turns it into a number or a message. */
export function NumberWidget({ id, name, field, value, onChange, onBlur, inputRef, invalid, describedBy, disabled }: WidgetProps) {
  const { min, max, step } = numberInputAttributes(field);
  return (
    <input
      id={id}
      name={name}
      type="number"
      inputMode={step === 1 ? 'numeric' : 'decimal'}
      className="input input--number"
      min={min}
      max={max}
      step={step}
      value={textValue(value)}
      placeholder={field.placeholder}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      ref={inputRef}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
    />
  );
}
