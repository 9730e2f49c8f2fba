import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/widgets.json';
import { textValue } from './field-attributes';
import type { WidgetProps } from './widget-types';

/** A page selection (`1,3,5-7`, `all`, `2n+1`): a short text area, no spell-check. */
export function PagesWidget({ id, name, field, value, onChange, onBlur, inputRef, invalid, describedBy, disabled }: WidgetProps) {
  const t = useMessages('widgets', english);
  return (
    <textarea
      id={id}
      name={name}
      className="input input--textarea input--pages"
      rows={2}
      // Page selections read left to right in every language ('1,3,5-7' would otherwise turn about in Arabic).
      dir="ltr"
      spellCheck={false}
      autoComplete="off"
      value={textValue(value)}
      // The spec's example selection, shown when a field declares no placeholder of its own.
      placeholder={field.placeholder ?? t('pagesPlaceholder')}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      ref={inputRef}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
    />
  );
}
