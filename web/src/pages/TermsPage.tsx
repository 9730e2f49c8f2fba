import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { RichMessage } from '../i18n/RichMessage';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/terms.json';
import { useSiteConfig, type SiteConfig } from '../site-config/use-site-config';
import { ContactAddress } from './ContactAddress';
import { EnglishPrevails, PolicySection, StaticPage } from './StaticPage';

type Translate = (key: keyof typeof english) => string;

/** The 15 sections the spec lists, in its order; `id` is the heading's, the same in every language. */
function termsSections(t: Translate, config: SiteConfig | null): { id: string; title: string; body: ReactNode }[] {
  return [
    { id: 'scope-of-these-terms', title: t('scopeTitle'), body: <p>{t('scope')}</p> },
    { id: 'eligibility', title: t('eligibilityTitle'), body: <p>{t('eligibility')}</p> },
    { id: 'your-responsibilities', title: t('responsibilitiesTitle'), body: <p>{t('responsibilities')}</p> },
    { id: 'document-processing', title: t('processingTitle'), body: <p>{t('processing')}</p> },
    { id: 'intellectual-property', title: t('intellectualPropertyTitle'), body: <p>{t('intellectualProperty')}</p> },
    { id: 'payment-terms', title: t('paymentTitle'), body: <p>{t('payment')}</p> },
    { id: 'termination', title: t('terminationTitle'), body: <p>{t('termination')}</p> },
    { id: 'third-party-links', title: t('thirdPartyLinksTitle'), body: <p>{t('thirdPartyLinks')}</p> },
    { id: 'disclaimers', title: t('disclaimersTitle'), body: <p>{t('disclaimers')}</p> },
    { id: 'limitation-of-liability', title: t('liabilityTitle'), body: <p>{t('liability')}</p> },
    { id: 'indemnification', title: t('indemnificationTitle'), body: <p>{t('indemnification')}</p> },
    {
      id: 'privacy',
      title: t('privacyTitle'),
      body: (
        <p>
          <RichMessage namespace="terms" english={english} id="privacy" components={{ 0: <Link to="/privacy-policy" /> }} />
        </p>
      ),
    },
    {
      id: 'governing-law',
      title: t('governingLawTitle'),
      body: (
        <p>
          {/* The operator's wording, as configured; until it loads (or if unset), a general one. */}
          <RichMessage
            namespace="terms"
            english={english}
            id="governingLaw"
            values={{ law: config?.governingLaw ?? t('governingLawFallback') }}
            components={{ 0: <strong /> }}
          />
        </p>
      ),
    },
    { id: 'changes-to-these-terms', title: t('changesTitle'), body: <p>{t('changes')}</p> },
    {
      id: 'contact',
      title: t('contactTitle'),
      body: (
        <p>
          <ContactAddress config={config} namespace="terms" english={english} byEmail="contactByEmail" byForm="contactByForm" />
        </p>
      ),
    },
  ];
}

export function TermsPage() {
  const t = useMessages('terms', english);
  const config = useSiteConfig();
  return (
    <StaticPage title={t('title')} lead={t('lead')} notice={<EnglishPrevails namespace="terms" english={english} />}>
      <div className="prose">
        {termsSections(t, config).map((section, index) => (
          <PolicySection key={section.id} id={section.id} number={index + 1} title={section.title}>
            {section.body}
          </PolicySection>
        ))}
      </div>
    </StaticPage>
  );
}
