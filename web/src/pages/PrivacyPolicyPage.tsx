import { Link } from 'react-router-dom';
import { RichMessage } from '../i18n/RichMessage';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/privacy.json';
import { useSiteConfig } from '../site-config/use-site-config';
import { ContactAddress } from './ContactAddress';
import { EnglishPrevails, PolicySection, StaticPage } from './StaticPage';

export function PrivacyPolicyPage() {
  const t = useMessages('privacy', english);
  const config = useSiteConfig();
  const strong = { 0: <strong /> };
  return (
    <StaticPage title={t('title')} lead={t('lead')} notice={<EnglishPrevails namespace="privacy" english={english} />}>
      <div className="prose">
        <PolicySection id="information-we-collect" title={t('collectTitle')}>
          <p>{t('collectIntro')}</p>
          <ul>
            <li>
              <RichMessage namespace="privacy" english={english} id="collectFiles" components={strong} />
            </li>
            <li>
              <RichMessage namespace="privacy" english={english} id="collectMessages" components={strong} />
            </li>
            <li>
              <RichMessage namespace="privacy" english={english} id="collectTechnical" components={strong} />
            </li>
          </ul>
          <p>{t('collectNoAccount')}</p>
        </PolicySection>

        <PolicySection id="how-we-use-information" title={t('useTitle')}>
          <p>{t('use')}</p>
        </PolicySection>

        <PolicySection id="how-we-protect-your-information" title={t('protectTitle')}>
          <p>{t('protect')}</p>
        </PolicySection>

        <PolicySection id="cookies" title={t('cookiesTitle')}>
          <p>{t('cookies')}</p>
        </PolicySection>

        <PolicySection id="your-rights" title={t('rightsTitle')}>
          <p>{t('rights')}</p>
        </PolicySection>

        <PolicySection id="third-parties" title={t('thirdPartiesTitle')}>
          <p>{t('thirdParties')}</p>
        </PolicySection>

        <PolicySection id="data-retention" title={t('retentionTitle')}>
          <p>{t('retention')}</p>
        </PolicySection>

        <PolicySection id="children-s-privacy" title={t('childrenTitle')}>
          <p>{t('children')}</p>
        </PolicySection>

        <PolicySection id="international-users" title={t('internationalTitle')}>
          <p>{t('international')}</p>
        </PolicySection>

        <PolicySection id="changes-to-this-policy" title={t('changesTitle')}>
          <p>{t('changes')}</p>
        </PolicySection>

        <PolicySection id="contact-us" title={t('contactTitle')}>
          <p>
            <ContactAddress
              config={config}
              namespace="privacy"
              english={english}
              byEmail="contactByEmail"
              byForm="contactByForm"
              components={{ 1: <Link to="/terms-condition" /> }}
            />
          </p>
        </PolicySection>
      </div>
    </StaticPage>
  );
}
