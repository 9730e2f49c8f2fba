import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/bookmarkEditor.json';
import { downloadFile } from '../../tool-page/result/download-file';
import { useToast } from '../../toast';
import type { WidgetComponent } from '../widget-types';
import {
  addBookmark,
  addChild,
  allPagesValid,
  countBookmarks,
  fromJson,
  indent,
  isValidPage,
  move,
  newBookmark,
  outdent,
  possibleMoves,
  removeBookmark,
  toJson,
  toWire,
  updateBookmark,
  type Bookmark,
} from './bookmark-tree';
import type { OutlineReading } from './read-outline';

/** The exported file's name; the toasts' texts, verbatim from the spec (§5, §8, §9), are in the catalogue. */
const EXPORT_NAME = 'bookmarks.json';

/** Larger files are not parsed in the browser: it would take seconds and hundreds of MB. */
const MAX_READ_BYTES = 50 * 1024 * 1024;

type Reading = { kind: 'none' } | { kind: 'loading' } | { kind: 'too-large' } | { kind: 'failed' } | { kind: 'ready'; outline: OutlineReading };

/** The two lists the editor keeps: the whole outline (replacing) and the entries to add after the file's own (not replacing). */
interface Lists {
  whole: Bookmark[];
  added: Bookmark[];
}

type Control = 'title' | 'page' | 'up' | 'down' | 'indent' | 'outdent' | 'child' | 'remove';

/** Each action button's title, and its label naming the entry ("Move up “Intro”", "Move up bookmark 1.2"). */
const ACTION_TEXTS = {
  up: ['moveUp', 'moveUpEntry'],
  down: ['moveDown', 'moveDownEntry'],
  outdent: ['outdent', 'outdentEntry'],
  indent: ['indent', 'indentEntry'],
  child: ['addChild', 'addChildEntry'],
  remove: ['remove', 'removeEntry'],
} as const satisfies Partial<Record<Control, readonly [keyof typeof english, keyof typeof english]>>;

/** A tree from the field's value as the form holds it (JSON text), or none. */
function treeFromValue(value: unknown): Bookmark[] {
  if (typeof value !== 'string') return [];
  try {
    return fromJson(value);
  } catch {
    return [];
  }
}

/** What the field reports: the tree's JSON, or, while a page is one the file cannot open, the entries themselves, which the field's schema refuses. */
function reported(tree: Bookmark[], pageCount: number | undefined): unknown {
  return allPagesValid(tree, pageCount) ? toJson(tree) : { pagesOutOfRange: toWire(tree) };
}

async function readFile(file: File) {
  const { readOutline } = await import('./read-outline'); // only this page pays for the PDF parser
  return readOutline(await file.arrayBuffer());
}

/**
 * Edit Table of Contents' bookmark list: a nested list of entries, each with
 * its title, its page and buttons to move it up or down, indent or outdent it,
 * add a child or remove it; entries can be imported from and exported to JSON
 * (spec §4). The chosen PDF's own bookmarks are loaded into the list; with
 * "Replace existing bookmarks" unticked the list holds only what is added after
 * them, and the file's own are shown above it. The field's value is the JSON the
 * request carries; pages past the file's last are marked and keep the form
 * from being sent.
 */
export const BookmarkEditorWidget: WidgetComponent = ({ id, value, onChange, onBlur, inputRef, invalid, describedBy, disabled, form }) => {
  const t = useMessages('bookmarkEditor', english);
  const toast = useToast();
  const file = form?.files[0];
  const replacing = form?.values.replaceExisting !== false;
  const [reading, setReading] = useState<Reading>({ kind: 'none' });
  const [lists, setLists] = useState<Lists>(() => ({ whole: treeFromValue(value), added: [] }));
  const importInput = useRef<HTMLInputElement>(null);
  /** The control to focus once the list has re-rendered after a change (moving an entry remounts it). */
  const [focus, setFocus] = useState<{ entry: string; control: Control }>();

  const outline = reading.kind === 'ready' ? reading.outline : undefined;
  const pageCount = outline?.pageCount;
  const tree = replacing ? lists.whole : lists.added;
  const setTree = (next: Bookmark[]) => setLists((current) => (replacing ? { ...current, whole: next } : { ...current, added: next }));

  useEffect(() => {
    if (!file) return setReading({ kind: 'none' });
    if (file.size > MAX_READ_BYTES) return setReading({ kind: 'too-large' });
    let current = true;
    setReading({ kind: 'loading' });
    readFile(file).then(
      (read) => {
        if (!current) return;
        setReading({ kind: 'ready', outline: read });
        setLists({ whole: read.bookmarks, added: [] });
      },
      () => current && setReading({ kind: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [file]);

  const report = reported(tree, pageCount);
  useEffect(() => {
    if (JSON.stringify(report) !== JSON.stringify(value)) onChange(report);
  });

  useEffect(() => {
    if (!focus) return;
    const target = document.getElementById(`${id}-${focus.entry}-${focus.control}`) as HTMLInputElement | HTMLButtonElement | null;
    (target && !target.disabled ? target : document.getElementById(`${id}-${focus.entry}-title`))?.focus();
    setFocus(undefined);
  }, [focus, id]);

  const change = (next: Bookmark[], entry?: string, control?: Control) => {
    setTree(next);
    if (entry && control) setFocus({ entry, control });
  };

  const add = () => {
    const entry = newBookmark();
    change(addBookmark(tree, entry), entry.id, 'title');
  };

  const importJson = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!chosen) return;
    try {
      setTree(fromJson(await chosen.text()));
      toast.success(t('imported'));
    } catch {
      toast.warning(t('invalidJson'));
    }
  };

  const exportJson = () => {
    try {
      const url = URL.createObjectURL(new Blob([JSON.stringify(toWire(tree), null, 2)], { type: 'application/json' }));
      downloadFile(url, EXPORT_NAME);
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success(t('exported'));
    } catch {
      toast.error(t('exportFailed'));
    }
  };

  const renderList = (items: Bookmark[], path: string) => (
    <ol className="bookmark-editor__list" aria-label={path === '' ? t('list') : t('listUnder', { path })}>
      {items.map((bookmark, index) => {
        const at = path === '' ? String(index + 1) : `${path}.${index + 1}`;
        const named = { titled: bookmark.title.trim() === '' ? 'no' : 'yes', title: bookmark.title, at };
        const can = possibleMoves(tree, bookmark.id);
        const pageOk = isValidPage(bookmark.pageNumber, pageCount);
        const pageErrorId = `${id}-${bookmark.id}-page-error`;
        const control = (which: Control) => `${id}-${bookmark.id}-${which}`;
        const button = (which: keyof typeof ACTION_TEXTS, glyph: string, enabled: boolean, act: () => Bookmark[]) => (
          <button
            type="button"
            id={control(which)}
            className="button button--ghost bookmark-editor__action"
            aria-label={t(ACTION_TEXTS[which][1], named)}
            title={t(ACTION_TEXTS[which][0])}
            disabled={disabled || !enabled}
            onClick={() => change(act(), bookmark.id, which)}
          >
            <span aria-hidden="true">{glyph}</span>
          </button>
        );
        return (
          <li key={bookmark.id} className="bookmark-editor__item" data-testid="bookmark-entry" data-level={at.split('.').length}>
            <div className="bookmark-editor__row">
              <span className="bookmark-editor__number" aria-hidden="true">
                {at}
              </span>
              <input
                id={control('title')}
                className="input bookmark-editor__title"
                aria-label={t('titleLabel', { at })}
                placeholder={t('titlePlaceholder')}
                value={bookmark.title}
                onChange={(event) => setTree(updateBookmark(tree, bookmark.id, { title: event.target.value }))}
                onBlur={onBlur}
                disabled={disabled}
              />
              <input
                id={control('page')}
                type="number"
                inputMode="numeric"
                className="input bookmark-editor__page"
                aria-label={t('pageLabel', { at })}
                min={1}
                max={pageCount}
                step={1}
                value={Number.isNaN(bookmark.pageNumber) ? '' : bookmark.pageNumber}
                onChange={(event) => setTree(updateBookmark(tree, bookmark.id, { pageNumber: event.target.value === '' ? NaN : Number(event.target.value) }))}
                onBlur={onBlur}
                aria-invalid={!pageOk || undefined}
                aria-describedby={pageOk ? undefined : pageErrorId}
                disabled={disabled}
              />
              <span className="bookmark-editor__actions">
                {button('up', '↑', can.up, () => move(tree, bookmark.id, -1))}
                {button('down', '↓', can.down, () => move(tree, bookmark.id, 1))}
                {button('outdent', '←', can.outdent, () => outdent(tree, bookmark.id))}
                {button('indent', '→', can.indent, () => indent(tree, bookmark.id))}
                {button('child', '+', can.addChild, () => addChild(tree, bookmark.id))}
                {button('remove', '×', true, () => removeBookmark(tree, bookmark.id))}
              </span>
            </div>
            {!pageOk && (
              <p className="form-field__error bookmark-editor__error" id={pageErrorId}>
                {pageCount === undefined ? t('pageErrorNoMax') : t('pageError', { max: pageCount })}
              </p>
            )}
            {bookmark.children.length > 0 && renderList(bookmark.children, at)}
          </li>
        );
      })}
    </ol>
  );

  const kept = outline?.bookmarks ?? [];
  return (
    <div className="bookmark-editor" aria-describedby={describedBy} data-testid="bookmark-editor" data-page-count={pageCount}>
      <p className="form-field__help bookmark-editor__status" role="status" data-testid="bookmark-status">
        {reading.kind === 'none' && t('statusNone')}
        {reading.kind === 'loading' && t('statusLoading')}
        {reading.kind === 'too-large' && t('statusTooLarge')}
        {reading.kind === 'failed' && t('statusFailed')}
        {outline?.encrypted && t('statusEncrypted', { pages: outline.pageCount })}
        {outline &&
          !outline.encrypted &&
          (countBookmarks(outline.bookmarks) === 0
            ? t('statusNoBookmarks', { pages: outline.pageCount })
            : t('statusLoaded', { count: countBookmarks(outline.bookmarks), pages: outline.pageCount }))}
      </p>

      {!replacing && (
        <div className="bookmark-editor__kept">
          <p className="form-field__help">{kept.length > 0 ? t('keptIntro') : t('keptNone')}</p>
          {kept.length > 0 && (
            <ol className="bookmark-editor__kept-list" aria-label={t('keptList')}>
              {kept.map((bookmark) => (
                <li key={bookmark.id}>
                  {bookmark.title || t('untitled')} <span className="bookmark-editor__kept-page">{t('keptPage', { page: bookmark.pageNumber })}</span>
                  {bookmark.children.length > 0 && ` ${t('keptChildren', { count: countBookmarks(bookmark.children) })}`}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}

      {tree.length > 0 ? (
        renderList(tree, '')
      ) : (
        <p className="bookmark-editor__empty" data-testid="bookmark-empty">
          {replacing ? t('emptyReplacing') : t('emptyAdding')}
        </p>
      )}

      <div className="bookmark-editor__toolbar">
        <button
          type="button"
          id={id}
          ref={inputRef}
          className="button button--secondary"
          // The field's label points here (the first control); the button still says what it does.
          aria-label={t('addBookmark')}
          onClick={add}
          disabled={disabled}
          aria-invalid={invalid || undefined}
        >
          {t('addBookmark')}
        </button>
        <button type="button" className="button button--ghost" onClick={() => importInput.current?.click()} disabled={disabled}>
          {t('importJson')}
        </button>
        <button type="button" className="button button--ghost" onClick={exportJson} disabled={disabled}>
          {t('exportJson')}
        </button>
        <input
          ref={importInput}
          type="file"
          accept=".json,application/json"
          className="bookmark-editor__import"
          aria-label={t('importLabel')}
          data-testid="bookmark-import"
          onChange={(event) => void importJson(event)}
          tabIndex={-1}
          hidden
        />
      </div>
    </div>
  );
};
