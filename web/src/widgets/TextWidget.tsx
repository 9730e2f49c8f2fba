import { textValue } from './field-attributes';
import type { WidgetProps } from './widget-types';

export function TextWidget({ id, name, field, value, onChange, onBlur, inputRef, invalid, describedBy, disabled }: WidgetProps) {
  return (
    <input
      id={id}
      name={name}
      type="text"
      className="input"
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
