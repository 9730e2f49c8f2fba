import { acceptAttribute, type InputSpec } from '@folio/registry';
import { useState, type ChangeEvent, type DragEvent } from 'react';
import { describeAcceptedFiles } from './describe-accepted-files';
import type { FileSource } from './use-file-selection';

interface FileDropZoneProps {
  id: string;
  input: InputSpec;
  disabled: boolean;
  onFiles(files: File[], source: FileSource): void;
}

/**
 * A click-or-drop area. The real <input type=file> stays in the tab order
 * (visually hidden) and the whole area is its label, so keyboard, screen-reader
 * and pointer users all reach the same control.
 */
export function FileDropZone({ id, input, disabled, onFiles }: FileDropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const { prompt, types } = describeAcceptedFiles(input);

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
          or <span className="dropzone__browse">click to choose</span>
        </span>
        <span className="dropzone__types">{types}</span>
      </label>
    </div>
  );
}
