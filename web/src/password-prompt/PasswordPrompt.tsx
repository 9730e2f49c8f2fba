import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { returnFocus } from './return-focus';
import '../styles/password-prompt.css';

interface PasswordPromptProps {
  /** The protected file, where one is known. e.g. 'payslip.pdf' */
  fileName: string | null;
  /** The password given in this prompt before did not open the file. */
  wrong: boolean;
  /** The password typed, or null when the visitor cancels. */
  onAnswer(password: string | null): void;
}

/**
 * Asks for a PDF's password in a modal dialog. A native <dialog> opened with
 * showModal() keeps focus inside (the page behind is inert), closes on Escape,
 * and is announced as a dialog by its title; focus goes back where it was.
 */
export function PasswordPrompt({ fileName, wrong, onAnswer }: PasswordPromptProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const titleId = useId();
  const textId = useId();
  const inputId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement;
    dialog.showModal();
    inputRef.current?.focus();
    return () => {
      dialog.close();
      returnFocus(opener);
    };
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

  const name = fileName ?? 'This PDF';
  return (
    <dialog
      ref={dialogRef}
      className="password-prompt"
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="password-prompt"
      // Escape: the browser would close the dialog behind React's back; cancel instead.
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(null);
      }}
    >
      <form className="password-prompt__form" onSubmit={submit} noValidate>
        <h2 className="password-prompt__title" id={titleId}>
          Password needed
        </h2>
        <p className={`password-prompt__text${wrong ? ' password-prompt__text--retry' : ''}`} id={textId}>
          {wrong ? `That password did not open ${fileName ?? 'the PDF'}. Please try again.` : `${name} is protected with a password. Enter it to continue.`}
        </p>
        <div className="form-field">
          <label className="form-field__label" htmlFor={inputId}>
            Password
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
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={password === ''}>
            OK
          </button>
        </div>
      </form>
    </dialog>
  );
}
