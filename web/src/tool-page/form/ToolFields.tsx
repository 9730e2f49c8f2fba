import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/toolPage.json';
import { isFieldVisible, type AnyTool } from '@folio/registry';
import { useWatch, type Control } from 'react-hook-form';
import { ToolField } from './ToolField';

interface ToolFieldsProps {
  tool: AnyTool;
  control: Control<Record<string, unknown>>;
  disabled: boolean;
  /** The chosen files, for widgets that preview them. */
  files: readonly File[];
}

/**
 * The tool's options in declaration order. `apiOnly` fields are not shown (their
 * default is still sent); `visibleWhen` fields appear only while their condition holds.
 */
export function ToolFields({ tool, control, disabled, files }: ToolFieldsProps) {
  const t = useMessages('toolPage', english);
  const values = useWatch({ control });
  const shown = Object.entries(tool.fields).filter(([, field]) => !field.apiOnly && isFieldVisible(field, values));
  if (shown.length === 0) return null;

  return (
    <fieldset className="tool-options">
      <legend className="tool-options__legend">{t('options')}</legend>
      {shown.map(([name, field]) => (
        <ToolField key={name} tool={tool} name={name} field={field} control={control} disabled={disabled} form={{ values, files }} />
      ))}
    </fieldset>
  );
}
