import { useLingui } from '@lingui/react';
import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { SOURCE_LOCALE } from '@folio/registry/kit/locales';
import { useDocumentTitle } from '../hooks/use-document-title';
import { LANGUAGE_PARAM } from '../i18n/locale-choice';
import { RichMessage } from '../i18n/RichMessage';
import { switchLanguage } from '../i18n/switch-language';
import type { EnglishMessages } from '../i18n/use-messages';

interface StaticPageProps {
  title: string;
  /** One or two sentences under the title. */
  lead?: ReactNode;
  /** A line under the lead. e.g. <EnglishPrevails> on the legal pages */
  notice?: ReactNode;
  children: ReactNode;
}

/** Frame shared by About, Contact, Privacy Policy and Terms: a title band and a readable column. */
export function StaticPage({ title, lead, notice, children }: StaticPageProps) {
  useDocumentTitle(title);
  return (
    <article className="static-page">
      <header className="page-band">
        <div className="container container--narrow">
          <h1 className="page-band__title">{title}</h1>
          {lead && <p className="page-band__lead">{lead}</p>}
          {notice}
        </div>
      </header>
      <div className="container container--narrow static-page__body">{children}</div>
    </article>
  );
}

interface EnglishPrevailsProps<M extends EnglishMessages & { englishPrevails: string }> {
  namespace: string;
  /** The page's English messages, with `englishPrevails`: its `<0>` is the link to the English page. */
  english: M;
}

/**
 * On a legal page read in another language: the English text prevails, with a
 * link to it (the same path with `?lang=en`, so it also opens in a new tab)
 * that switches the site to English. Nothing in English.
 */
export function EnglishPrevails<M extends EnglishMessages & { englishPrevails: string }>({ namespace, english }: EnglishPrevailsProps<M>) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  if (i18n.locale === SOURCE_LOCALE) return null;

  const readInEnglish = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void switchLanguage(SOURCE_LOCALE);
  };

  return (
    <p className="page-band__lead page-band__notice">
      <RichMessage
        namespace={namespace}
        english={english}
        id="englishPrevails"
        components={{ 0: <a href={`${pathname}?${LANGUAGE_PARAM}=${SOURCE_LOCALE}`} hrefLang={SOURCE_LOCALE} onClick={readInEnglish} /> }}
      />
    </p>
  );
}

interface PolicySectionProps {
  /** The heading's id, the same in every language. e.g. 'data-retention' */
  id: string;
  /** Shown before the heading for numbered documents (Terms). */
  number?: number;
  title: string;
  children: ReactNode;
}

export function PolicySection({ id, number, title, children }: PolicySectionProps) {
  return (
    <section className="policy-section" aria-labelledby={id}>
      <h2 id={id} className="policy-section__title">
        {number !== undefined && <span className="policy-section__number">{number}.</span>}
        {title}
      </h2>
      {children}
    </section>
  );
}
