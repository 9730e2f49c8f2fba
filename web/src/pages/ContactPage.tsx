import { ContactForm } from '../contact/ContactForm';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/contact.json';
import { StaticPage } from './StaticPage';

export function ContactPage() {
  const t = useMessages('contact', english);
  return (
    <StaticPage title={t('title')} lead={t('lead')}>
      <section className="contact-card" aria-labelledby="contact-title">
        <h2 id="contact-title" className="contact-card__title">
          {t('formTitle')}
        </h2>
        <p className="contact-card__text">{t('allRequired')}</p>
        <ContactForm />
      </section>
    </StaticPage>
  );
}
