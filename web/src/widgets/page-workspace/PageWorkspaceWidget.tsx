import { matchesFileType, type PageItemKind, type PageItemsOptions } from '@folio/registry';
import { lazy, Suspense, useCallback, type ReactNode } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pageWorkspace.json';
import type { WidgetComponent, WidgetProps } from '../widget-types';
import type { WorkspaceItem } from './item-edits';
import type { WorkspaceApi } from './PageWorkspace';
import type { ShownPage } from './WorkspacePage';

const OpenedWorkspace = lazy(() => import('./OpenedWorkspace'));

/** The items as the form holds them: the list the workspace last reported, or none yet. */
function itemsOf(value: unknown): WorkspaceItem[] {
  return Array.isArray(value) ? (value as WorkspaceItem[]) : [];
}

export interface WorkspaceWidgetOptions {
  /** The toolbar offers no buttons of its own for the field's kinds: the tool's controls make its items (Sign). */
  ownControlsOnly?: boolean;
  extraTools?(api: WorkspaceApi): ReactNode;
  renderPageOverlay?(page: ShownPage): ReactNode;
}

/** A widget for a `pageItems` field: the chosen PDF's pages in the workspace, with the tool's own controls if it has some. */
export function workspaceWidget(options: WorkspaceWidgetOptions = {}): WidgetComponent {
  function Widget({ field, value, onChange, disabled, form }: WidgetProps) {
    const t = useMessages('pageWorkspace', english);
    const files = form?.files ?? [];
    const file = files.length >= 1 && matchesFileType(files[0]!, ['pdf']) ? files[0] : undefined;
    const kinds = (field as unknown as PageItemsOptions).kinds as readonly PageItemKind[];
    const onItems = useCallback((items: WorkspaceItem[]) => onChange(items), [onChange]);
    if (!file) return <p className="form-field__help page-workspace__empty">{t('chooseFile')}</p>;
    return (
      <Suspense fallback={<p className="form-field__help">{t('loading')}</p>}>
        <OpenedWorkspace
          file={file}
          items={itemsOf(value)}
          onItemsChange={onItems}
          kinds={kinds}
          kindTools={!options.ownControlsOnly}
          disabled={disabled ?? false}
          extraTools={options.extraTools}
          renderPageOverlay={options.renderPageOverlay}
        />
      </Suspense>
    );
  }
  return Widget;
}

/** The workspace with the toolbar's kinds only (Add Text and Annotate). */
export const PageWorkspaceWidget = workspaceWidget();
