import { textValue } from './field-attributes';
import type { WidgetProps } from './widget-types';

/** A one-line input; `type` and `autoComplete` make it a password input. */
export function TextInput({
  id,
  name,
  field,
  value,
  onChange,
  onBlur,
  inputRef,
  invalid,
  describedBy,
  disabled,
  type = 'text',
  autoComplete,
}: WidgetProps & { type?: 'text' | 'password'; autoComplete?: string }) {
  return (
    <input
      id={id}
      name={name}
      type={type}
      className="input"
      autoComplete={autoComplete}
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

export function TextWidget(props: WidgetProps) {
  return <TextInput {...props} />;
}
