import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/toolPage.json';
import { RichMessage } from '../../i18n/RichMessage';
import { acceptAttribute, type InputSpec } from '@folio/registry';
import { useState, type ChangeEvent, type DragEvent } from 'react';
import { describeAcceptedFiles } from './describe-accepted-files';
import { FILE_TYPES, SOURCE_LOCALE, type InputSpec as AcceptedInput } from '@folio/registry';
import { useLingui } from '@lingui/react';
import { registryText } from '../../i18n/language';
import type { FileSource } from './use-file-selection';

interface FileDropZoneProps {
  id: string;
  input: InputSpec;
  disabled: boolean;
  onFiles(files: File[], source: FileSource): void;
}

/**
 * The drop zone's words. English keeps its articles and plurals
 * (describeAcceptedFiles); other languages word the types as a list in their
 * own way ('PDF, JPG ou PNG').
 */
function useAcceptedFilesText(input: AcceptedInput): { prompt: string; types: string } {
  const { i18n } = useLingui();
  const t = useMessages('toolPage', english);
  if (i18n.locale === SOURCE_LOCALE) return describeAcceptedFiles(input);
  // A type that is itself a noun ('supported file', 'file') reads badly inside "a … file": such tools say "a file".
  if (input.accept.some((key) => /\bfile$/.test(FILE_TYPES[key].label))) {
    return { prompt: t(input.multiple ? 'dropAnyMany' : 'dropAnyOne'), types: t('anySupportedFile') };
  }
  const labels = input.accept.map((key) => registryText('file-types', key, FILE_TYPES[key].label));
  const types = new Intl.ListFormat(i18n.locale, { type: 'disjunction' }).format(labels);
  return input.multiple
    ? { prompt: t('dropMany', { types }), types: t('onlyMany', { types }) }
    : { prompt: t('dropOne', { types }), types: t('onlyOne', { types }) };
}

/**
 * A click-or-drop area. The real <input type=file> stays in the tab order
 * (visually hidden) and the whole area is its label, so keyboard, screen-reader
 * and pointer users all reach the same control.
 */
export function FileDropZone({ id, input, disabled, onFiles }: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const { prompt, types } = useAcceptedFilesText(input);

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Reset so choosing the same file again still fires a change.
    event.target.value = '';
    if (files.length > 0) onFiles(files, 'pick');
  };

  const handleDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };

  // dragleave also fires when the pointer moves onto a child element; only leaving the area counts.
  const handleDragLeave = (event: DragEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  };

  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) onFiles(files, 'drop');
  };

  const classes = ['dropzone', dragging && 'dropzone--dragging', disabled && 'dropzone--disabled'].filter(Boolean).join(' ');

  return (
    <div className={classes} onDragOver={handleDragOver} onDragLeave={handleDragLeave} onDrop={handleDrop}>
      <input
        id={id}
        type="file"
        className="visually-hidden dropzone__input"
        accept={acceptAttribute(input.accept)}
        multiple={input.multiple}
        onChange={handlePick}
        disabled={disabled}
        data-testid="file-input"
      />
      <label htmlFor={id} className="dropzone__label">
        <svg className="dropzone__icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 15V4m0 0L8 8m4-4 4 4" />
          <path d="M5 14v4a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-4" />
        </svg>
        <span className="dropzone__prompt">{prompt}</span>
        <span className="dropzone__alt">
          <RichMessage namespace="toolPage" english={english} id="orClickToChoose" components={{ 0: <span className="dropzone__browse" /> }} />
        </span>
        <span className="dropzone__types">{types}</span>
      </label>
    </div>
  );
}
