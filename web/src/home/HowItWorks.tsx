import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/home.json';
const STEPS = [
  { title: 'step1Title', text: 'step1Text' },
  { title: 'step2Title', text: 'step2Text' },
  { title: 'step3Title', text: 'step3Text' },
] as const;

/** The spec's three-step explainer. */
export function HowItWorks() {
  const t = useMessages('home', english);
  return (
    <section className="how-it-works container" aria-labelledby="how-it-works-title">
      <h2 id="how-it-works-title" className="section-title">
        {t('howItWorks')}
      </h2>
      <ol className="steps">
        {STEPS.map((step, index) => (
          <li key={step.title} className="step">
            <span className="step__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3 className="step__title">{t(step.title)}</h3>
            <p className="step__text">{t(step.text)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
