import { checkPipeline, defineTool, describePipelineIssue, notInSpec, parsePipelineDefinition, PIPELINE_MESSAGES, registeredTools, text } from './kit';

const REFERENCE = 'reference §7 (pipeline/handleData)';

/**
 * Pipeline Menu: runs a chain of tools on the uploaded files in one request
 * (reference §7), each step through the same checks and processors as a direct
 * request. The page builds the definition with a visual editor.
 */
export const pipelineTool = defineTool({
  id: 'pipeline',
  category: 'advanced',
  title: 'Pipeline Menu (Beta)',
  subtitle: 'Chain several tools in one run.',
  endpoint: '/api/v1/pipeline/handleData',

  input: {
    accept: ['anyFile'],
    multiple: true,
    combine: true,
    // The spec's page sends its files as `customFiles`.
    aliases: ['customFiles'],
    messages: { missing: 'Please upload at least one file.', wrongType: 'Please upload at least one file.' },
  },

  fields: {
    json: text({
      label: 'Pipeline',
      help: 'Add steps, set their options, and run them on your files in order.',
      widget: 'pipeline-editor',
      multiline: true,
      required: notInSpec('Please send a pipeline definition in the "json" field.', REFERENCE),
      check: (json: string) => {
        const parsed = parsePipelineDefinition(json);
        if ('issue' in parsed) return describePipelineIssue(parsed.issue);
        // The spec's page requires a name; every definition in the reference's format has one.
        if (parsed.definition.name.trim() === '') return PIPELINE_MESSAGES.nameMissing;
        const [issue] = checkPipeline(parsed.definition, registeredTools());
        return issue && describePipelineIssue(issue);
      },
      // Steps would need files of their types; no steps hands any file back as it came.
      example: '{"name":"Pass-through","pipeline":[]}',
    }),
  },

  action: { label: 'Run pipeline', busyLabel: 'Processing...' },
  // One PDF is previewed; anything else (a ZIP of several results) is downloaded.
  result: {
    kind: 'pdf',
    apiContentType: 'application/octet-stream',
    outcomes: {
      'several-results': { when: 'the steps leave several files, or none', kind: 'zip', download: { api: 'output.zip', namedByProcessor: false } },
    },
  },
  // One result keeps the name it carries through the steps (reference §7.3: octet-stream whatever it is).
  download: { api: 'output.zip', browser: 'from-response', fallback: 'output.zip', namedByProcessor: true },
  toast: { success: 'Pipeline processed successfully!' },
  timeoutMs: 15 * 60 * 1000,
  longRunning: true,
});
