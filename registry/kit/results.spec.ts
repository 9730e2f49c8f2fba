import { defineTool } from './define-tool';
import { checkbox } from './fields';
import { declaredAnswers, resolveResult } from './results';

const tool = defineTool({
  id: 'answers',
  category: 'convert-from',
  title: 'Answers',
  subtitle: 'A tool for tests.',
  endpoint: '/api/v1/convert/answers',
  input: { accept: ['pdf'], multiple: false, messages: { missing: 'Please upload a PDF file.', wrongType: 'Please upload a PDF file.' } },
  fields: { asText: checkbox({ label: 'As text', default: false }) },
  action: { label: 'Go', busyLabel: 'Going...' },
  result: {
    kind: 'csv',
    variants: [{ when: { asText: [true] }, kind: 'text', download: { api: '{base}.txt' } }],
    outcomes: {
      several: { when: 'several tables are found', kind: 'zip', download: { api: '{base}_all.zip' } },
      named: { when: 'a title is found', download: { namedByProcessor: true } },
    },
  },
  download: { api: '{base}.csv', browser: '{base}.csv' },
  toast: { success: 'Done!' },
});

describe('resolveResult', () => {
  it("gives the tool's own answer, the options' variant, and the processor's outcome over either", () => {
    expect(resolveResult(tool)).toMatchObject({ kind: 'csv', apiContentType: 'text/csv; charset=utf-8', download: { api: '{base}.csv' } });
    expect(resolveResult(tool, { asText: true })).toMatchObject({ kind: 'text', apiContentType: 'text/plain; charset=utf-8', download: { api: '{base}.txt' } });
    expect(resolveResult(tool, { asText: true }, 'several')).toMatchObject({
      kind: 'zip',
      apiContentType: 'application/octet-stream',
      download: { api: '{base}_all.zip' },
    });
    // An outcome without a kind keeps the variant's type, and changes only what it says.
    expect(resolveResult(tool, { asText: true }, 'named')).toMatchObject({ kind: 'text', download: { api: '{base}.txt', namedByProcessor: true } });
  });

  it('changes nothing for an outcome the tool does not declare', () => {
    expect(resolveResult(tool, {}, 'missing')).toEqual(resolveResult(tool));
  });
});

describe('declaredAnswers', () => {
  it('lists the own answer, each variant with its condition, each outcome with its words', () => {
    expect(declaredAnswers(tool).map((a) => [a.when, a.apiContentType, a.download.api])).toEqual([
      [undefined, 'text/csv; charset=utf-8', '{base}.csv'],
      ['`asText` is true', 'text/plain; charset=utf-8', '{base}.txt'],
      ['several tables are found', 'application/octet-stream', '{base}_all.zip'],
      ['a title is found', 'text/csv; charset=utf-8', '{base}.csv'],
    ]);
  });
});
