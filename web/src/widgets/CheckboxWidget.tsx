import type { WidgetComponent } from './widget-types';

export const CheckboxWidget: WidgetComponent = ({ id, name, label, value, onChange, onBlur, inputRef, invalid, describedBy, disabled }) => (
  <span className="checkbox">
    <input
      id={id}
      name={name}
      type="checkbox"
      className="checkbox__input"
      checked={value === true}
      onChange={(event) => onChange(event.target.checked)}
      onBlur={onBlur}
      ref={inputRef}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
    />
    <label className="checkbox__label" htmlFor={id}>
      {label}
    </label>
  </span>
);

CheckboxWidget.ownsLabel = true;
