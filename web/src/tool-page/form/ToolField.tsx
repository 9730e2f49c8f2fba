import type { AnyTool, Field } from '@folio/registry';
import { useController, type Control } from 'react-hook-form';
import { useToolMessages } from '../../i18n/tool-messages';
import type { WidgetFormContext, WidgetProps } from '../../widgets';
import { resolveBelowField, resolveWidget } from './resolve-widget';

interface ToolFieldProps {
  tool: AnyTool;
  name: string;
  field: Field;
  control: Control<Record<string, unknown>>;
  disabled: boolean;
  form: WidgetFormContext;
}

/** One option of a tool: label, widget, help and the schema's message, tied together by ids. */
export function ToolField({ tool, name, field, control, disabled, form }: ToolFieldProps) {
  const translateMessage = useToolMessages();
  const Widget = resolveWidget(tool, name, field);
  const { field: binding, fieldState } = useController({ name, control });

  const id = `field-${tool.id}-${name}`;
  const helpId = field.help ? `${id}-help` : undefined;
  const errorId = fieldState.error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;

  const Below = resolveBelowField(field);
  const widgetProps: WidgetProps = {
    id,
    name,
    label: field.label,
    field,
    value: binding.value,
    onChange: binding.onChange,
    onBlur: binding.onBlur,
    inputRef: binding.ref,
    invalid: fieldState.invalid,
    describedBy,
    disabled,
    form,
  };

  return (
    <div className={`form-field form-field--${field.kind}`}>
      {!Widget.ownsLabel && (
        <label className="form-field__label" htmlFor={id}>
          {field.label}
        </label>
      )}
      <Widget {...widgetProps} />
      {field.help && (
        <p className="form-field__help" id={helpId}>
          {field.help}
        </p>
      )}
      {fieldState.error?.message && (
        <p className="form-field__error" id={errorId}>
          {translateMessage(fieldState.error.message)}
        </p>
      )}
      {Below && <Below {...widgetProps} />}
    </div>
  );
}
