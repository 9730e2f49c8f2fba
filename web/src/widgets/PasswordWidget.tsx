import { textValue } from './field-attributes';
import type { WidgetProps } from './widget-types';

/** A masked text input; the browser is asked not to fill in or remember what is typed. */
export function PasswordWidget({ id, name, field, value, onChange, onBlur, inputRef, invalid, describedBy, disabled }: WidgetProps) {
  return (
    <input
      id={id}
      name={name}
      type="password"
      className="input"
      autoComplete="new-password"
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
