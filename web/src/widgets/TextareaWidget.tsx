import { textValue } from './field-attributes';
import type { WidgetProps } from './widget-types';

export function TextareaWidget({ id, name, field, value, onChange, onBlur, inputRef, invalid, describedBy, disabled }: WidgetProps) {
  return (
    <textarea
      id={id}
      name={name}
      className="input input--textarea"
      rows={4}
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
