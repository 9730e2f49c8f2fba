import { describe, expect, it } from '@jest/globals';
import { defineTool, select, text } from '@folio/registry';
import { hiddenFieldsToReset } from './use-reset-hidden-fields';

const tool = defineTool({
  id: 'sample',
  category: 'edit',
  title: 'Sample',
  subtitle: 'A tool for tests.',
  endpoint: '/api/v1/test/sample',
  input: { accept: ['pdf'], multiple: false, messages: { missing: 'Please upload a PDF file.', wrongType: 'Please upload a PDF file.' } },
  fields: {
    option: select({
      label: 'Option',
      options: [
        { value: 'A', label: 'A' },
        { value: 'B', label: 'B' },
      ],
      default: 'A',
    }),
    reset: text({ label: 'Reset', default: '#000000', visibleWhen: { option: ['A'] }, resetWhenHidden: true }),
    kept: text({ label: 'Kept', default: 'x', visibleWhen: { option: ['A'] } }),
  },
  action: { label: 'Go', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_x.pdf', browser: 'x.pdf' },
  toast: { success: 'Done!' },
});

describe('hiddenFieldsToReset', () => {
  it('gives the default back to a resetWhenHidden field once it is hidden, and leaves others alone', () => {
    expect(hiddenFieldsToReset(tool, { option: 'B', reset: '#ff0000', kept: 'changed' })).toEqual([['reset', '#000000']]);
  });

  it('does nothing while the field is shown or already holds its default', () => {
    expect(hiddenFieldsToReset(tool, { option: 'A', reset: '#ff0000' })).toEqual([]);
    expect(hiddenFieldsToReset(tool, { option: 'B', reset: '#000000' })).toEqual([]);
  });
});
