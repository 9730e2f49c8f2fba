import { Link } from 'react-router-dom';
import { useSiteConfig } from '../site-config/use-site-config';
import { ContactAddress } from './ContactAddress';
import { PolicySection, StaticPage } from './StaticPage';

export function PrivacyPolicyPage() {
  const config = useSiteConfig();
  return (
    <StaticPage
      title="Privacy Policy"
      lead="Folio is free and needs no account. This policy explains, in plain words, what we handle when you use it and what we do with it."
    >
      <div className="prose">
        <PolicySection title="Information We Collect">
          <p>We collect as little as we can:</p>
          <ul>
            <li>
              <strong>Files you upload</strong> to a tool, and the results we produce from them.
            </li>
            <li>
              <strong>Messages you send us</strong> through the contact form: your name, e-mail address, subject and message.
            </li>
            <li>
              <strong>Basic technical data</strong> that any web server receives, such as your IP address, browser type and the time of a request.
            </li>
          </ul>
          <p>We do not ask you to create an account, and we do not collect payment details.</p>
        </PolicySection>

        <PolicySection title="How We Use Information">
          <p>
            Uploaded files are used only to perform the task you chose, such as merging or rotating a PDF, and to send the result back to you. Contact messages
            are used to reply to you. Technical data is used to keep the service running, to fix problems and to protect it against abuse. We never sell your
            information, and we do not read, analyse or reuse the content of your documents.
          </p>
        </PolicySection>

        <PolicySection title="How We Protect Your Information">
          <p>
            Files are sent to our servers only to be processed, are kept in temporary storage while that happens, and are deleted automatically after
            processing. Access to our systems is limited to the people who operate them. No system is perfectly secure, but we work to keep the risk low.
          </p>
        </PolicySection>

        <PolicySection title="Cookies">
          <p>Folio does not use advertising or tracking cookies. If we ever need cookies, for example to remember a preference, we will say so here first.</p>
        </PolicySection>

        <PolicySection title="Your Rights">
          <p>
            Depending on where you live, you may have the right to ask what personal information we hold about you, to have it corrected or deleted, or to
            object to how we use it. As we keep no accounts and delete files after processing, the only personal information we usually hold is a contact
            message you sent us. Write to us and we will respond to your request.
          </p>
        </PolicySection>

        <PolicySection title="Third Parties">
          <p>
            We do not share your files or messages with anyone for their own purposes. We may rely on hosting and infrastructure providers to run Folio; they
            handle data only on our behalf and under our instructions. We may disclose information if the law requires it.
          </p>
        </PolicySection>

        <PolicySection title="Data Retention">
          <p>
            Uploaded files and results are deleted automatically after processing. Contact messages are kept only as long as needed to answer them and follow
            up. Technical logs are kept for a limited time for security and troubleshooting.
          </p>
        </PolicySection>

        <PolicySection title="Children's Privacy">
          <p>
            Folio is intended for people aged 13 and over. We do not knowingly collect personal information from children under 13. If you believe a child has
            sent us personal information, contact us and we will delete it.
          </p>
        </PolicySection>

        <PolicySection title="International Users">
          <p>
            Folio was founded in India and may process your files on servers located outside your country. By using the service you understand that your
            information may be processed there, always under this policy.
          </p>
        </PolicySection>

        <PolicySection title="Changes to This Policy">
          <p>
            We may update this policy as Folio changes. The current version is always on this page; if a change is significant we will make it clearly visible
            on the site.
          </p>
        </PolicySection>

        <PolicySection title="Contact Us">
          <p>
            Questions about this policy or your information? Please <ContactAddress config={config} />. You can also read our{' '}
            <Link to="/terms-condition">Terms &amp; Conditions</Link>.
          </p>
        </PolicySection>
      </div>
    </StaticPage>
  );
}
