import { toolPath, tools, toolsWithPages, type AnyTool } from '@folio/registry';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/use-document-title';
import { toolTranslations } from '../i18n/language';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/comingSoon.json';
import { comingSoonTitle } from './coming-soon-title';

const SUGGESTION_COUNT = 3;

/** Available tools to offer instead, those from the same category first. */
function suggestionsFor(pathname: string): readonly AnyTool[] {
  const category = pathname.split('/').filter(Boolean)[1];
  const sameCategoryFirst = toolsWithPages(tools).sort((a, b) => Number(b.category === category) - Number(a.category === category));
  return sameCategoryFirst.slice(0, SUGGESTION_COUNT);
}

/** Any /tools/... path without a registered tool. */
export function ComingSoonPage() {
  const t = useMessages('comingSoon', english);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // The address's words, as they are: a tool that does not exist yet has no translated name.
  const title = comingSoonTitle(pathname) || t('thisTool');
  useDocumentTitle(title);

  return (
    <div className="container container--narrow message-page coming-soon">
      <span className="badge badge--large">{t('badge')}</span>
      <h1 className="message-page__title">{title}</h1>
      <p className="message-page__text">{t('text')}</p>
      <ul className="suggestions">
        {suggestionsFor(pathname).map((tool) => {
          const texts = toolTranslations(tool.id);
          return (
            <li key={tool.id}>
              <Link to={toolPath(tool)} className="suggestion">
                <span className="suggestion__title">{texts.title ?? tool.title}</span>
                <span className="suggestion__subtitle">{texts.subtitle ?? tool.subtitle}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      <button type="button" className="button button--primary" onClick={() => navigate('/')}>
        {t('exploreTools')}
      </button>
    </div>
  );
}
