import type { PageItemKind } from '@folio/registry';
import { useEffect, useState, type ReactNode } from 'react';
import { useMessages } from '../../i18n/use-messages';
import english from '../../locales/en/app/pageWorkspace.json';
import { holdDocument } from '../../pdf-rendering/shared-documents';
import { needsPassword, type PDFDocumentProxy } from '../../pdf-rendering/open-pdf';
import type { WorkspaceItem } from './item-edits';
import { PageWorkspace, type WorkspaceApi } from './PageWorkspace';
import type { ShownPage } from './WorkspacePage';
import '../../styles/page-workspace.css';

type Opened = { kind: 'opening' } | { kind: 'ready'; doc: PDFDocumentProxy } | { kind: 'locked' } | { kind: 'failed' };

export interface OpenedWorkspaceProps {
  file: File;
  items: readonly WorkspaceItem[];
  onItemsChange(items: WorkspaceItem[]): void;
  kinds: readonly PageItemKind[];
  kindTools: boolean;
  disabled: boolean;
  extraTools?(api: WorkspaceApi): ReactNode;
  renderPageOverlay?(page: ShownPage): ReactNode;
}

/**
 * Opens the chosen PDF with pdf.js (in the browser: nothing is uploaded to show
 * it) and shows the workspace, or says why it cannot. Loaded lazily with
 * pdf.js, so pages without a workspace never pay for either.
 */
export default function OpenedWorkspace({ file, ...workspace }: OpenedWorkspaceProps) {
  const t = useMessages('pageWorkspace', english);
  const [opened, setOpened] = useState<Opened>({ kind: 'opening' });

  useEffect(() => {
    const hold = holdDocument(file);
    let gone = false;
    setOpened({ kind: 'opening' });
    hold.document
      .then((doc) => !gone && setOpened({ kind: 'ready', doc }))
      .catch((error: unknown) => !gone && setOpened({ kind: needsPassword(error) ? 'locked' : 'failed' }));
    return () => {
      gone = true;
      hold.release();
    };
  }, [file]);

  if (opened.kind !== 'ready') {
    return (
      <p className="form-field__help" data-testid="page-workspace-status" data-state={opened.kind}>
        {t(opened.kind === 'opening' ? 'loading' : opened.kind)}
      </p>
    );
  }
  return <PageWorkspace doc={opened.doc} fileName={file.name} {...workspace} />;
}
