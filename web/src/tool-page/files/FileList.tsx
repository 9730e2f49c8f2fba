import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/toolPage.json';
import { formatFileSize, type FileTypeKey } from '@folio/registry';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useChosenFileFacts } from '../../chosen-file-facts/use-chosen-file-facts';
import { FileThumbnail } from '../../file-preview/FileThumbnail';
import { chosenFileType } from './describe-accepted-files';
import type { ChosenFile } from './use-file-selection';
import { usePointerReorder } from './use-pointer-reorder';
import '../../styles/file-preview.css';

interface FileListProps {
  chosen: readonly ChosenFile[];
  /** The tool's accepted types, to label each file with its own. */
  accept: readonly FileTypeKey[];
  disabled: boolean;
  onRemove(key: number): void;
  /** Given where the order of the files is the result's (see `ordersFiles`): rows can be dragged and moved up or down. */
  onMove?(key: number, to: number): void;
}

/** A move made with a row's buttons: its button keeps the focus, and screen readers hear where the file went. */
interface ButtonMove {
  key: number;
  direction: 'up' | 'down';
}

/**
 * The chosen files in the order they are sent (Merge keeps this order), each
 * with its thumbnail, page count and size, and removable; where the order
 * matters, each can be dragged by its handle or moved with its buttons.
 * Scrolls when long.
 */
export function FileList({ chosen, accept, disabled, onRemove, onMove }: FileListProps) {
  const t = useMessages('toolPage', english);
  const list = useRef<HTMLUListElement>(null);
  const keys = chosen.map((entry) => entry.key);
  const reorder = usePointerReorder(list, keys, (key, to) => onMove?.(key, to));
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());
  const focusAfterMove = useRef<ButtonMove | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const request = focusAfterMove.current;
    if (!request) return;
    focusAfterMove.current = null;
    // The pressed button may now be disabled (the file reached an end of the list): the other one takes the focus.
    const other = request.direction === 'up' ? 'down' : 'up';
    const button = [request.direction, other].map((direction) => moveButtons.current.get(`${request.key}:${direction}`)).find((b) => b && !b.disabled);
    button?.focus();
  }, [chosen]);

  if (chosen.length === 0) return null;
  const orderable = onMove !== undefined && chosen.length > 1;
  const moveWithButton = (key: number, name: string, direction: ButtonMove['direction']) => {
    const to = keys.indexOf(key) + (direction === 'up' ? -1 : 1);
    focusAfterMove.current = { key, direction };
    setAnnouncement(t('movedTo', { name, position: to + 1, count: keys.length }));
    onMove?.(key, to);
  };
  const buttonRef = (key: number, direction: ButtonMove['direction']) => (button: HTMLButtonElement | null) => {
    if (button) moveButtons.current.set(`${key}:${direction}`, button);
    else moveButtons.current.delete(`${key}:${direction}`);
  };

  return (
    <>
      <ul ref={list} className="file-list" aria-label={t('chosenFiles')} data-orderable={orderable || undefined}>
        {chosen.map(({ key, file }, index) => (
          <FileRow
            key={key}
            file={file}
            accept={accept}
            dragging={reorder.dragging === key}
            handle={
              orderable && (
                // Pointer only: keyboard and screen-reader users have the row's buttons.
                <span
                  className="file-list__handle"
                  data-testid="file-drag-handle"
                  title={t('dragToReorder')}
                  aria-hidden="true"
                  {...(disabled ? {} : reorder.handleProps(key))}
                >
                  <svg viewBox="0 0 24 24">
                    <path d="M9 6h.01M9 12h.01M9 18h.01M15 6h.01M15 12h.01M15 18h.01" />
                  </svg>
                </span>
              )
            }
          >
            {orderable && (
              <span className="file-list__order">
                <button
                  ref={buttonRef(key, 'up')}
                  type="button"
                  className="icon-button file-list__move"
                  aria-label={t('moveFileUp', { name: file.name })}
                  title={t('moveUp')}
                  disabled={disabled || index === 0}
                  onClick={() => moveWithButton(key, file.name, 'up')}
                >
                  <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path d="M6 15l6-6 6 6" />
                  </svg>
                </button>
                <button
                  ref={buttonRef(key, 'down')}
                  type="button"
                  className="icon-button file-list__move"
                  aria-label={t('moveFileDown', { name: file.name })}
                  title={t('moveDown')}
                  disabled={disabled || index === chosen.length - 1}
                  onClick={() => moveWithButton(key, file.name, 'down')}
                >
                  <svg viewBox="0 0 24 24" aria-hidden="true">
                    <path d="M6 9l6 6 6-6" />
                  </svg>
                </button>
              </span>
            )}
            <button
              type="button"
              className="icon-button file-list__remove"
              aria-label={t('removeFile', { name: file.name })}
              onClick={() => onRemove(key)}
              disabled={disabled}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" />
              </svg>
            </button>
          </FileRow>
        ))}
      </ul>
      {orderable && (
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
      )}
    </>
  );
}

/** One chosen file: thumbnail, name, what the browser learned of it, then the row's controls. */
interface FileRowProps {
  file: File;
  accept: readonly FileTypeKey[];
  dragging: boolean;
  handle: ReactNode;
  /** The row's buttons. */
  children: ReactNode;
}

function FileRow({ file, accept, dragging, handle, children }: FileRowProps) {
  const t = useMessages('toolPage', english);
  const facts = useChosenFileFacts(file);
  return (
    <li className="file-list__item" data-dragging={dragging || undefined} data-page-count={facts.pageCount}>
      {handle}
      <FileThumbnail file={file} facts={facts} />
      <span className="file-list__text">
        <span className="file-list__name" title={file.name}>
          {file.name}
        </span>
        <span className="file-list__details">
          {accept.length > 1 || accept[0] === 'convertible' ? <span className="file-list__type">{chosenFileType(file, accept)}</span> : null}
          {facts.state === 'read' && <span className="file-list__pages">{t('pageCount', { count: facts.pageCount })}</span>}
          {facts.state === 'locked' && <span className="file-list__pages">{t('fileLocked')}</span>}
          {facts.state === 'damaged' && <span className="file-list__pages">{t('previewUnavailable')}</span>}
          <span className="file-list__size">{formatFileSize(file.size)}</span>
        </span>
      </span>
      {children}
    </li>
  );
}
