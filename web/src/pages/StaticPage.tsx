import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';

interface StaticPageProps {
  title: string;
  /** One or two sentences under the title. */
  lead?: ReactNode;
  children: ReactNode;
}

/** Frame shared by About, Contact, Privacy Policy and Terms: a title band and a readable column. */
export function StaticPage({ title, lead, children }: StaticPageProps) {
  useDocumentTitle(title);
  return (
    <article className="static-page">
      <header className="page-band">
        <div className="container container--narrow">
          <h1 className="page-band__title">{title}</h1>
          {lead && <p className="page-band__lead">{lead}</p>}
        </div>
      </header>
      <div className="container container--narrow static-page__body">{children}</div>
    </article>
  );
}

interface PolicySectionProps {
  /** Shown before the heading for numbered documents (Terms). */
  number?: number;
  title: string;
  children: ReactNode;
}

export function PolicySection({ number, title, children }: PolicySectionProps) {
  const id = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
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
