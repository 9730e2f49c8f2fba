import {
  acceptAttribute,
  acceptsAnything,
  describeFileTypes,
  FILE_TYPES,
  formatFileSize,
  matchesFileType,
  SOURCE_LOCALE,
  wrongTypeMessage,
  type FileField,
  type FileTypeKey,
} from '@folio/registry';
import { useLingui } from '@lingui/react';
import type { ChangeEvent } from 'react';
import { registryText } from '../i18n/language';
import { useToolMessages } from '../i18n/tool-messages';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/widgets.json';
import { useToast } from '../toast';
import type { WidgetProps } from './widget-types';

/** The files a file field holds, as a list whatever its `multiple`. */
export function chosenFiles(value: unknown): File[] {
  if (value instanceof File) return [value];
  return Array.isArray(value) ? value.filter((item): item is File => item instanceof File) : [];
}

/** The accepted types as a list: English keeps the registry's wording ('PNG or JPG'), other languages list the types their own way. */
function fileTypesText(types: readonly FileTypeKey[], locale: string): string {
  if (locale === SOURCE_LOCALE) return describeFileTypes(types);
  const labels = types.map((key) => registryText('file-types', key, FILE_TYPES[key].label));
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(labels);
}

/**
 * An upload besides the main files (a stamp image, a certificate). Files of
 * another type are refused on the spot with the field's message; the server
 * checks the content again. Count and size are the schema's to judge.
 */
export function FileWidget({ id, name, field, value, onChange, onBlur, inputRef, invalid, describedBy, disabled }: WidgetProps) {
  const t = useMessages('widgets', english);
  const { i18n } = useLingui();
  const translateMessage = useToolMessages();
  const toast = useToast();
  const declared = field as FileField;
  const files = chosenFiles(value);

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Reset so choosing the same file again still fires a change.
    event.target.value = '';
    const accepted = picked.filter((file) => matchesFileType(file, declared.accept));
    if (accepted.length < picked.length) toast.warning(translateMessage(wrongTypeMessage(declared)));
    if (accepted.length === 0) return;
    onChange(declared.multiple ? [...files, ...accepted] : accepted[0]);
    onBlur();
  };

  const remove = (index: number) => {
    const left = files.filter((_, i) => i !== index);
    onChange(declared.multiple ? (left.length > 0 ? left : undefined) : undefined);
  };

  const chooseText = declared.buttonLabel ?? t(files.length > 0 && !declared.multiple ? 'chooseAnotherFile' : declared.multiple ? 'chooseFiles' : 'chooseFile');

  // The real input stays in the tab order, visually hidden; the button-styled label opens it.
  return (
    <div className="file-field">
      <input
        id={id}
        name={name}
        type="file"
        className="visually-hidden file-field__input"
        accept={acceptAttribute(declared.accept)}
        multiple={declared.multiple}
        onChange={handlePick}
        ref={inputRef}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
      />
      <div className="file-field__picker">
        <label htmlFor={id} className={`button button--secondary file-field__choose${disabled ? ' button--disabled' : ''}`}>
          {chooseText}
        </label>
        <span className="file-field__types">{acceptsAnything(declared.accept) ? t('anyType') : fileTypesText(declared.accept, i18n.locale)}</span>
      </div>
      {files.length > 0 && (
        <ul className="file-field__list">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="file-field__item">
              <span className="file-field__name">{file.name}</span> <span className="file-field__size">{formatFileSize(file.size)}</span>
              <button
                type="button"
                className="file-field__remove"
                onClick={() => remove(index)}
                disabled={disabled}
                aria-label={t('removeFile', { name: file.name })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
