import { selectOptionsOf } from './field-attributes';
import type { WidgetComponent } from './widget-types';

/** The chosen values of a `choices` field, as the form holds them. */
function chosenValues(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

/**
 * A `choices` field: one check box per option inside a labelled group. The
 * chosen values are kept in the options' order, whatever order they were ticked in.
 */
export const ChoicesWidget: WidgetComponent = ({ id, name, label, field, value, onChange, onBlur, inputRef, invalid, describedBy, disabled }) => {
  const options = selectOptionsOf(field);
  const chosen = chosenValues(value);
  const toggle = (option: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(option);
    else next.delete(option);
    onChange(options.map((o) => String(o.value)).filter((v) => next.has(v)));
  };
  return (
    <fieldset className="choices" aria-invalid={invalid || undefined} aria-describedby={describedBy}>
      <legend className="form-field__label">{label}</legend>
      <div className="choices__options">
        {options.map((option, index) => {
          const optionId = `${id}-${String(option.value)}`;
          return (
            <span className="checkbox" key={String(option.value)}>
              <input
                id={index === 0 ? id : optionId}
                name={name}
                type="checkbox"
                className="checkbox__input"
                value={String(option.value)}
                checked={chosen.includes(String(option.value))}
                onChange={(event) => toggle(String(option.value), event.target.checked)}
                onBlur={onBlur}
                ref={index === 0 ? inputRef : undefined}
                disabled={disabled}
              />
              <label className="checkbox__label" htmlFor={index === 0 ? id : optionId}>
                {option.label}
              </label>
            </span>
          );
        })}
      </div>
    </fieldset>
  );
};

ChoicesWidget.ownsLabel = true;
