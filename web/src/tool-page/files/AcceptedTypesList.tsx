import type { InputSpec } from '@folio/registry';
import { acceptedExtensions } from './describe-accepted-files';

/** The accepted extensions as a collapsible list, where the tool takes many (Convert File to PDF). */
export function AcceptedTypesList({ input }: { input: InputSpec }) {
  if (!input.listAccepted) return null;
  const extensions = acceptedExtensions(input.accept);
  return (
    <details className="accepted-types" data-testid="accepted-types">
      <summary className="accepted-types__summary">
        {input.listAccepted} ({extensions.length})
      </summary>
      <ul className="accepted-types__list">
        {extensions.map((extension) => (
          <li key={extension} className="accepted-types__item">
            {extension}
          </li>
        ))}
      </ul>
    </details>
  );
}
