import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/toolPage.json';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { returnFocus } from './return-focus';

interface PasswordPromptProps {
  /** The protected file, where one is known. e.g. 'payslip.pdf' */
  fileName: string | null;
  /** The password given in this prompt before did not open the file. */
  wrong: boolean;
  /** The password typed, or null when the visitor cancels. */
  onAnswer(password: string | null): void;
  /**
   * Where focus was last, for when nothing has it as the dialog opens: the
   * control that started the work may have lost it on being disabled meanwhile.
   */
  lastFocused?(): Element | null;
}

/** The controls Tab moves between, in order. */
function tabbable(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('input, button, select, textarea, a[href], [tabindex]')].filter(
    (element) => !element.matches(':disabled') && element.tabIndex >= 0,
  );
}

/**
 * Keeps Tab and Shift+Tab cycling inside the dialog. showModal() makes the page
 * behind inert, but Tab past the last control would still leave for the browser's
 * own controls.
 */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = tabbable(event.currentTarget);
  if (controls.length === 0) return;
  const first = controls[0]!;
  const last = controls[controls.length - 1]!;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Asks for a PDF's password in a modal dialog. A native <dialog> opened with
 * showModal() makes the page behind inert, closes on Escape, and is announced
 * as a dialog by its title; Tab cycles inside it, and focus goes back where it was.
 */
export function PasswordPrompt({ fileName, wrong, onAnswer, lastFocused }: PasswordPromptProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const titleId = useId();
  const textId = useId();
  const inputId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const focused = document.activeElement;
    const opener = focused && focused !== document.body ? focused : (lastFocused?.() ?? null);
    dialog.showModal();
    inputRef.current?.focus();
    return () => {
      dialog.close();
      returnFocus(opener);
    };
    // Once per prompt: the dialog opens on mount and closes on unmount.
  }, []);

  // Asked again after a wrong password: start from an empty field.
  useEffect(() => {
    if (!wrong) return;
    setPassword('');
    inputRef.current?.focus();
  }, [wrong]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password !== '') onAnswer(password);
  };

  const t = useMessages('toolPage', english);
  const name = fileName ?? t('thisPdf');
  return (
    <dialog
      ref={dialogRef}
      className="password-prompt"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="password-prompt"
      onKeyDown={keepFocusInside}
      // Escape: the browser would close the dialog behind React's back; cancel instead.
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(null);
      }}
    >
      <form className="password-prompt__form" onSubmit={submit} noValidate>
        <h2 className="password-prompt__title" id={titleId}>
          {t('passwordNeeded')}
        </h2>
        <p className={`password-prompt__text${wrong ? ' password-prompt__text--retry' : ''}`} id={textId}>
          {wrong ? t('passwordRetry', { name: fileName ?? t('thePdf') }) : t('passwordAsk', { name })}
        </p>
        <div className="form-field">
          <label className="form-field__label" htmlFor={inputId}>
            {t('password')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="password"
            className="input"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-invalid={wrong || undefined}
            aria-describedby={textId}
          />
        </div>
        <div className="password-prompt__actions">
          <button type="button" className="button button--ghost" onClick={() => onAnswer(null)}>
            {t('cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={password === ''}>
            {t('ok')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
