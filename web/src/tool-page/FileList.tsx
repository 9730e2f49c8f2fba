import { formatFileSize, type FileTypeKey } from '@folio/registry';
import { chosenFileType } from './describe-accepted-files';
import type { ChosenFile } from './use-file-selection';

interface FileListProps {
  chosen: readonly ChosenFile[];
  /** The tool's accepted types, to label each file with its own. */
  accept: readonly FileTypeKey[];
  disabled: boolean;
  onRemove(key: number): void;
}

/** The chosen files in upload order (Merge keeps this order), each removable. Scrolls when long. */
export function FileList({ chosen, accept, disabled, onRemove }: FileListProps) {
  if (chosen.length === 0) return null;
  return (
    <ul className="file-list" aria-label="Chosen files">
      {chosen.map(({ key, file }) => (
        <li key={key} className="file-list__item">
          <svg className="file-list__icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M7 3h7l5 5v12a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1z" />
            <path d="M14 3v5h5" />
          </svg>
          <span className="file-list__name" title={file.name}>
            {file.name}
          </span>
          {accept.length > 1 || accept[0] === 'convertible' ? <span className="file-list__type">{chosenFileType(file, accept)}</span> : null}
          <span className="file-list__size">{formatFileSize(file.size)}</span>
          <button
            type="button"
            className="icon-button file-list__remove"
            aria-label={`Remove ${file.name}`}
            onClick={() => onRemove(key)}
            disabled={disabled}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}
