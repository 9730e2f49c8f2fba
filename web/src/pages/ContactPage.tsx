import { ContactForm } from '../contact/ContactForm';
import { StaticPage } from './StaticPage';

export function ContactPage() {
  return (
    <StaticPage title="Contact Us" lead="Questions, feedback or a problem with a tool? Send us a message and we will get back to you.">
      <section className="contact-card" aria-labelledby="contact-title">
        <h2 id="contact-title" className="contact-card__title">
          Need Help?
        </h2>
        <p className="contact-card__text">All fields are required.</p>
        <ContactForm />
      </section>
    </StaticPage>
  );
}
