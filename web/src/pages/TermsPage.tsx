import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSiteConfig, type SiteConfig } from '../site-config/use-site-config';
import { ContactAddress } from './ContactAddress';
import { PolicySection, StaticPage } from './StaticPage';

/** Shown while the site config loads, or if the operator has not set a governing law. */
const GOVERNING_LAW_FALLBACK = 'the laws of the jurisdiction in which Folio is operated';

/** The 15 sections the spec lists, in its order. */
function termsSections(config: SiteConfig | null): { title: string; body: ReactNode }[] {
  return [
    {
      title: 'Scope of These Terms',
      body: (
        <p>
          These terms apply to your use of Folio, the free web toolkit for PDF files, including every tool and page on this site. By using Folio you agree to
          them. If you do not agree, please do not use the service.
        </p>
      ),
    },
    {
      title: 'Eligibility',
      body: <p>You must be 13 years of age or older to use Folio.</p>,
    },
    {
      title: 'Your Responsibilities',
      body: (
        <p>
          Upload only files you own or have the right to process. Do not use Folio for anything unlawful, to upload malicious files, or to disrupt, overload or
          probe the service. You are responsible for checking results before you rely on them.
        </p>
      ),
    },
    {
      title: 'Document Processing',
      body: (
        <p>
          To perform a task, your files are uploaded to our servers and kept in temporary storage only while they are processed. Uploaded files and their
          results are deleted automatically after processing. Keep your own copy of anything important: we do not store documents for you.
        </p>
      ),
    },
    {
      title: 'Intellectual Property',
      body: (
        <p>
          Your files remain yours; we claim no rights over their content. The Folio name, logo, design and software belong to their owners and may not be copied
          or reused without permission, except where an open-source licence says otherwise.
        </p>
      ),
    },
    {
      title: 'Payment Terms',
      body: (
        <p>
          Folio is free to use and has no subscriptions. If paid features are ever introduced, their prices will be shown before you buy, and any subscription
          will renew for each billing period until you cancel it.
        </p>
      ),
    },
    {
      title: 'Termination',
      body: (
        <p>
          We may suspend or block access to Folio for anyone who breaks these terms or puts the service or other users at risk. You may stop using Folio at any
          time.
        </p>
      ),
    },
    {
      title: 'Third-Party Links',
      body: <p>Folio may link to websites we do not control. We are not responsible for their content or practices; their own terms and policies apply.</p>,
    },
    {
      title: 'Disclaimers',
      body: (
        <p>
          Folio is provided “as is” and “as available”. We work hard to keep it accurate and running, but we do not promise that it will always be available,
          error-free, or that results will suit every purpose.
        </p>
      ),
    },
    {
      title: 'Limitation of Liability',
      body: (
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, such as lost data or lost profits, arising from your use of
          Folio. Our total liability for any claim is limited to the amount you paid us in the 12 months before the claim arose; as Folio is free, for most
          users that amount is zero.
        </p>
      ),
    },
    {
      title: 'Indemnification',
      body: <p>You agree to compensate us for claims, losses and costs caused by your breach of these terms or by files you had no right to upload.</p>,
    },
    {
      title: 'Privacy',
      body: (
        <p>
          Our <Link to="/privacy-policy">Privacy Policy</Link> explains what information we handle and how. It forms part of these terms.
        </p>
      ),
    },
    {
      title: 'Governing Law',
      body: (
        <p>
          These terms, and any dispute about them or about Folio, are governed by the following law:{' '}
          <strong>{config?.governingLaw ?? GOVERNING_LAW_FALLBACK}</strong>.
        </p>
      ),
    },
    {
      title: 'Changes to These Terms',
      body: (
        <p>
          We may update these terms as Folio changes. The current version is always on this page, and continuing to use Folio after a change means you accept
          it.
        </p>
      ),
    },
    {
      title: 'Contact',
      body: (
        <p>
          Questions about these terms? Please <ContactAddress config={config} />.
        </p>
      ),
    },
  ];
}

export function TermsPage() {
  const config = useSiteConfig();
  return (
    <StaticPage title="Terms & Conditions" lead="The rules for using Folio, written to be read. Please take a few minutes to go through them.">
      <div className="prose">
        {termsSections(config).map((section, index) => (
          <PolicySection key={section.title} number={index + 1} title={section.title}>
            {section.body}
          </PolicySection>
        ))}
      </div>
    </StaticPage>
  );
}
