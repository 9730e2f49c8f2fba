import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { RichMessage } from '../i18n/RichMessage';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/contact.json';
import { useToast } from '../toast';
import { contactMessageProblem, EMPTY_CONTACT_MESSAGE, type ContactMessage, type ContactProblem } from './contact-message';
import { sendContactMessage } from './send-contact-message';

type TextFieldName = Exclude<keyof ContactMessage, 'acceptedTerms'>;

const TEXT_FIELDS: readonly { name: TextFieldName; label: keyof typeof english; type: string; autoComplete: string }[] = [
  { name: 'name', label: 'nameLabel', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'emailLabel', type: 'email', autoComplete: 'email' },
  { name: 'subject', label: 'subjectLabel', type: 'text', autoComplete: 'off' },
];

/** 'Need Help?' form: all fields and the terms are required; the server's answer is shown as a toast. */
export function ContactForm() {
  const t = useMessages('contact', english);
  const toast = useToast();
  const { register, watch, getValues, reset } = useForm<ContactMessage>({ defaultValues: EMPTY_CONTACT_MESSAGE });
  const [problem, setProblem] = useState<ContactProblem | null>(null);
  const [sending, setSending] = useState(false);
  const acceptedTerms = watch('acceptedTerms');

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const message = getValues();
    const found = contactMessageProblem(message);
    setProblem(found);
    if (found) return;

    setSending(true);
    const outcome = await sendContactMessage(message);
    setSending(false);
    if (outcome.sent) {
      toast.success(outcome.message);
      reset(EMPTY_CONTACT_MESSAGE);
    } else {
      toast.error(outcome.message);
    }
  };

  const invalid = (name: TextFieldName) => problem !== null && getValues(name).trim() === '';

  return (
    <form className="contact-form" onSubmit={handleSubmit} noValidate aria-describedby={problem ? 'contact-problem' : undefined}>
      <div className="contact-form__row">
        {TEXT_FIELDS.map((field) => (
          <div key={field.name} className={`form-field contact-form__${field.name}`}>
            <label className="form-field__label" htmlFor={`contact-${field.name}`}>
              {t(field.label)}
            </label>
            <input
              id={`contact-${field.name}`}
              type={field.type}
              className="input"
              autoComplete={field.autoComplete}
              required
              aria-invalid={invalid(field.name) || undefined}
              {...register(field.name)}
            />
          </div>
        ))}
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor="contact-message">
          {t('messageLabel')}
        </label>
        <textarea
          id="contact-message"
          className="input input--textarea"
          rows={6}
          required
          aria-invalid={invalid('message') || undefined}
          {...register('message')}
        />
      </div>
      <div className="form-field form-field--checkbox">
        <span className="checkbox">
          <input id="contact-terms" type="checkbox" className="checkbox__input" required {...register('acceptedTerms')} />
          <label className="checkbox__label" htmlFor="contact-terms">
            <RichMessage
              namespace="contact"
              english={english}
              id="acceptTerms"
              components={{ 0: <Link to="/terms-condition" />, 1: <Link to="/privacy-policy" /> }}
            />
          </label>
        </span>
      </div>
      {problem && (
        <p id="contact-problem" className="form-message form-message--error" role="alert">
          {t(problem)}
        </p>
      )}
      <button type="submit" className="button button--primary button--large" disabled={!acceptedTerms || sending}>
        {sending && <span className="spinner" aria-hidden="true" />}
        {sending ? t('sending') : t('sendButton')}
      </button>
    </form>
  );
}
