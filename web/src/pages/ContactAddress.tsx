import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { RichMessage } from '../i18n/RichMessage';
import type { EnglishMessages } from '../i18n/use-messages';
import type { SiteConfig } from '../site-config/use-site-config';

interface ContactAddressProps<M extends EnglishMessages> {
  config: SiteConfig | null;
  namespace: string;
  english: M;
  /** The sentence with the operator's e-mail as `<0>{email}</0>`. e.g. 'Questions about these terms? Please write to us at <0>{email}</0>.' */
  byEmail: keyof M & string;
  /** The same sentence with `<0>our contact form</0>` instead. */
  byForm: keyof M & string;
  /** The sentences' other tags, from `<1>`. */
  components?: Record<string, ReactElement>;
}

/**
 * A sentence saying how to reach the operator: their e-mail once the site config
 * has it, otherwise (loading, or unavailable) the contact form.
 */
export function ContactAddress<M extends EnglishMessages>({ config, namespace, english, byEmail, byForm, components = {} }: ContactAddressProps<M>) {
  if (!config) {
    return <RichMessage namespace={namespace} english={english} id={byForm} components={{ ...components, 0: <Link to="/contact" /> }} />;
  }
  return (
    <RichMessage
      namespace={namespace}
      english={english}
      id={byEmail}
      values={{ email: config.contactEmail }}
      components={{ ...components, 0: <a href={`mailto:${config.contactEmail}`} /> }}
    />
  );
}
