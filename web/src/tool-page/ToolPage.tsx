import { defaultsOf, isBlank, schemaOf, SHARED_TEXTS, type AnyTool } from '@folio/registry';
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../hooks/use-document-title';
import { registryText } from '../i18n/language';
import { useToast } from '../toast';
import { AcceptedTypesList } from './files/AcceptedTypesList';
import { FileDropZone } from './files/FileDropZone';
import { FileList } from './files/FileList';
import { ordersFiles } from './files/file-order';
import { useFileSelection } from './files/use-file-selection';
import { ToolFields } from './form/ToolFields';
import { useResetHiddenFields } from './form/use-reset-hidden-fields';
import { ToolResultPanel } from './result/ToolResultPanel';
import { JobProgress } from './run/JobProgress';
import { ToolRunMessages } from './run/ToolRunMessages';
import { UploadProgress } from './run/UploadProgress';
import { useToolRun } from './run/use-tool-run';

type FormValues = Record<string, unknown>;

/** Every tool's page, rendered from its declaration alone: files, options, action, result. */
export function ToolPage({ tool }: { tool: AnyTool }) {
  useDocumentTitle(tool.title);
  const navigate = useNavigate();
  const toast = useToast();
  const runner = useToolRun(tool);
  const selection = useFileSelection(tool.input, runner.clearResult, tool.id);

  const form = useForm<FormValues, unknown, FormValues>({
    resolver: zodResolver(schemaOf(tool)),
    defaultValues: defaultsOf(tool),
  });
  const { requiresText } = tool.action;
  const values = useWatch({ control: form.control });
  const missingText = requiresText !== undefined && isBlank(values[requiresText]);
  useResetHiddenFields(tool, values, form.setValue);

  const { files } = selection;
  const minFiles = tool.input.minFiles ?? 1;

  const submitValidForm = form.handleSubmit(async (params) => {
    const succeeded = await runner.run(files, params);
    if (succeeded && tool.afterSuccess === 'reset') {
      // Keeps the result on screen for download; only the inputs start over.
      selection.clear();
      form.reset(defaultsOf(tool));
    }
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (runner.busy) return;
    if (files.length === 0) return toast.warning(tool.input.messages.missing);
    if (files.length < minFiles) return toast.warning(tool.input.messages.tooFew ?? tool.input.messages.missing);
    void submitValidForm(event);
  };

  const fileInputId = `file-input-${tool.id}`;

  return (
    <div className="tool-page container container--narrow">
      <button type="button" className="button button--ghost back-button" onClick={() => navigate('/')}>
        <svg className="button__icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M15 6l-6 6 6 6" />
        </svg>
        {registryText('shared', 'backToTools', SHARED_TEXTS.backToTools)}
      </button>

      <header className="tool-page__header">
        <h1 className="tool-page__title">{tool.title}</h1>
        <p className="tool-page__subtitle">{tool.subtitle}</p>
        {tool.notice && (
          <p className="tool-page__notice" data-testid="tool-notice">
            <svg className="tool-page__notice-icon" viewBox="0 0 24 24" aria-hidden="true">
              <circle cx="12" cy="12" r="9" />
              <path d="M12 11v5M12 8h.01" />
            </svg>
            <span>
              {tool.notice}
              {tool.noticeLink && (
                <>
                  {' '}
                  <a href={tool.noticeLink.href} target="_blank" rel="noopener" data-testid="tool-notice-link">
                    {tool.noticeLink.label}
                  </a>
                </>
              )}
            </span>
          </p>
        )}
      </header>

      <form className="tool-card" onSubmit={handleSubmit} noValidate aria-busy={runner.busy}>
        <FileDropZone id={fileInputId} input={tool.input} disabled={runner.busy} onFiles={selection.add} />
        <AcceptedTypesList input={tool.input} />
        <FileList
          chosen={selection.chosen}
          accept={tool.input.accept}
          disabled={runner.busy}
          onRemove={selection.remove}
          onMove={ordersFiles(tool.input) ? selection.move : undefined}
        />
        <ToolFields tool={tool} control={form.control} disabled={runner.busy} files={files} />

        <div className="tool-card__actions">
          <button type="submit" className="button button--primary button--large" disabled={runner.busy || files.length === 0 || missingText}>
            {runner.busy && <span className="spinner" aria-hidden="true" />}
            {runner.busy ? tool.action.busyLabel : tool.action.label}
          </button>
          {runner.busy && runner.uploadProgress !== null && <UploadProgress fraction={runner.uploadProgress} />}
          {runner.busy && runner.job && <JobProgress job={runner.job} onCancel={runner.cancel} />}
        </div>
      </form>

      <ToolRunMessages run={runner} />
      {runner.result && <ToolResultPanel result={runner.result} downloadLabel={tool.download.label} view={tool.result.view} toolId={tool.id} />}
    </div>
  );
}
