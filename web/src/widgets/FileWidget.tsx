import { acceptAttribute, acceptsAnything, describeFileTypes, formatFileSize, matchesFileType, wrongTypeMessage, type FileField } from '@folio/registry';
import type { ChangeEvent } from 'react';
import { useToast } from '../toast';
import type { WidgetProps } from './widget-types';

/** The files a file field holds, as a list whatever its `multiple`. */
export function chosenFiles(value: unknown): File[] {
  if (value instanceof File) return [value];
  return Array.isArray(value) ? value.filter((item): item is File => item instanceof File) : [];
}

/**
 * An upload besides the main files (a stamp image, a certificate). Files of
 * another type are refused on the spot with the field's message; the server
 * checks the content again. Count and size are the schema's to judge.
 */
export function FileWidget({ id, name, field, value, onChange, onBlur, inputRef, invalid, describedBy, disabled }: WidgetProps) {
  const toast = useToast();
  const declared = field as FileField;
  const files = chosenFiles(value);

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    // Reset so choosing the same file again still fires a change.
    event.target.value = '';
    const accepted = picked.filter((file) => matchesFileType(file, declared.accept));
    if (accepted.length < picked.length) toast.warning(wrongTypeMessage(declared));
    if (accepted.length === 0) return;
    onChange(declared.multiple ? [...files, ...accepted] : accepted[0]);
    onBlur();
  };

  const remove = (index: number) => {
    const left = files.filter((_, i) => i !== index);
    onChange(declared.multiple ? (left.length > 0 ? left : undefined) : undefined);
  };

  const chooseText =
    declared.buttonLabel ?? (files.length > 0 && !declared.multiple ? 'Choose another file' : declared.multiple ? 'Choose files' : 'Choose a file');

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
        <span className="file-field__types">{acceptsAnything(declared.accept) ? 'Any type' : describeFileTypes(declared.accept)}</span>
      </div>
      {files.length > 0 && (
        <ul className="file-field__list">
          {files.map((file, index) => (
            <li key={`${file.name}-${index}`} className="file-field__item">
              <span className="file-field__name">{file.name}</span> <span className="file-field__size">{formatFileSize(file.size)}</span>
              <button type="button" className="file-field__remove" onClick={() => remove(index)} disabled={disabled} aria-label={`Remove ${file.name}`}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
