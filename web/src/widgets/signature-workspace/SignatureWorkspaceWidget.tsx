import { useLingui } from '@lingui/react';
import { lazy } from 'react';
import { workspaceWidget } from '../page-workspace/PageWorkspaceWidget';
import type { WorkspaceApi } from '../page-workspace/PageWorkspace';

/** Loaded with the workspace (inside its Suspense), with its stylesheet: pages without it never pay for either. */
const SignaturePalette = lazy(() => import('./SignaturePalette'));

function Palette({ api }: { api: WorkspaceApi }) {
  const { i18n } = useLingui();
  return <SignaturePalette api={api} disabled={false} language={i18n.locale} />;
}

/** Sign's items: a signature drawn, typed or uploaded, initials and a date, put on the pages. */
export const SignatureWorkspaceWidget = workspaceWidget({ ownControlsOnly: true, extraTools: (api) => <Palette api={api} /> });
