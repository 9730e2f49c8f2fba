import { toolPath, tools, type AnyTool } from '@folio/registry';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/use-document-title';
import { comingSoonTitle } from './coming-soon-title';

const SUGGESTION_COUNT = 3;

/** Available tools to offer instead, those from the same category first. */
function suggestionsFor(pathname: string): readonly AnyTool[] {
  const category = pathname.split('/').filter(Boolean)[1];
  const sameCategoryFirst = [...tools].sort((a, b) => Number(b.category === category) - Number(a.category === category));
  return sameCategoryFirst.slice(0, SUGGESTION_COUNT);
}

/** Any /tools/... path without a registered tool. */
export function ComingSoonPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const title = comingSoonTitle(pathname) || 'This tool';
  useDocumentTitle(title);

  return (
    <div className="container container--narrow message-page coming-soon">
      <span className="badge badge--large">Coming soon</span>
      <h1 className="message-page__title">{title}</h1>
      <p className="message-page__text">This tool is coming soon. We are still building it; in the meantime, these tools are ready to use:</p>
      <ul className="suggestions">
        {suggestionsFor(pathname).map((tool) => (
          <li key={tool.id}>
            <Link to={toolPath(tool)} className="suggestion">
              <span className="suggestion__title">{tool.title}</span>
              <span className="suggestion__subtitle">{tool.subtitle}</span>
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className="button button--primary" onClick={() => navigate('/')}>
        Explore Available Tools
      </button>
    </div>
  );
}
