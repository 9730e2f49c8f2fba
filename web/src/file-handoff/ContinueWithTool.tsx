import { registryText, toolTranslations } from '../i18n/language';
import { useMessages } from '../i18n/use-messages';
import english from '../locales/en/app/files.json';
import { toolPath, tools, toolsWithPages } from '@folio/registry';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { handOffFile } from './hand-off';
import { toolsTakingFile } from './tools-taking-file';
import '../styles/file-preview.css';

/**
 * "Continue with another tool": the result, still in the browser, becomes the
 * chosen file of the tool picked here; nothing is uploaded until that tool runs.
 * Lists the tools whose input takes the result, by category.
 */
export function ContinueWithTool({ result, fromToolId }: { result: File; fromToolId?: string }) {
  const t = useMessages('files', english);
  const groups = useMemo(() => toolsTakingFile(result, toolsWithPages(tools), fromToolId), [result, fromToolId]);
  if (groups.length === 0) return null;

  return (
    <details className="continue-with" data-testid="continue-with-tool">
      <summary className="button button--secondary continue-with__toggle">
        <svg className="button__icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M5 12h14m0 0-5-5m5 5-5 5" />
        </svg>
        {t('continueWithTool')}
      </summary>
      <div className="continue-with__panel">
        <p className="continue-with__hint">{t('continueHint', { name: result.name })}</p>
        {groups.map(({ category, tools: taking }) => (
          <section key={category.id} className="continue-with__group" aria-labelledby={`continue-with-${category.id}`}>
            <h3 id={`continue-with-${category.id}`} className="continue-with__category">
              {registryText('categories', category.id, category.label)}
            </h3>
            <ul className="continue-with__tools">
              {taking.map((tool) => (
                <li key={tool.id}>
                  <Link className="continue-with__tool" to={toolPath(tool)} onClick={() => handOffFile(tool.id, result)}>
                    {toolTranslations(tool.id).title ?? tool.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </details>
  );
}
