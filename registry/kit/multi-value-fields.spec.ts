import { choices, entries } from './fields';
import { defineTool } from './define-tool';
import { collectParams, schemaOf } from './schema';

const LANGUAGES = [
  { value: 'eng', label: 'English' },
  { value: 'fra', label: 'French' },
  { value: 'deu', label: 'German' },
] as const;

const tool = defineTool({
  id: 'sample',
  category: 'edit',
  title: 'Sample',
  subtitle: 'A tool for tests.',
  endpoint: '/api/v1/test/sample',
  input: { accept: ['pdf'], multiple: false, messages: { missing: 'Please upload a PDF file.', wrongType: 'Please upload a PDF file.' } },
  fields: {
    languages: choices({
      label: 'Languages',
      options: LANGUAGES,
      default: ['eng'],
      required: 'Please select at least one language.',
      invalid: 'Selected languages are invalid.',
      ignoreUnknown: true,
    }),
    strict: choices({ label: 'Strict', options: LANGUAGES }),
    allRequestParams: entries({
      label: 'Custom metadata',
      keyLabel: 'Key',
      valueLabel: 'Value',
      addLabel: 'Add entry',
      numbered: { key: 'customKey', value: 'customValue' },
      maxEntries: 3,
    }),
  },
  action: { label: 'Go', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_x.pdf', browser: 'x.pdf' },
  toast: { success: 'Done!' },
});

/** The body as the server reads it: collected from multipart, then parsed. */
const read = (body: Record<string, unknown>) => schemaOf(tool).safeParse(collectParams(tool, body));
const value = (body: Record<string, unknown>, name: string) => {
  const result = read(body);
  if (!result.success) throw new Error(result.error.issues.map((i) => i.message).join('; '));
  return (result.data as Record<string, unknown>)[name];
};
const message = (body: Record<string, unknown>) => {
  const result = read(body);
  return result.success ? undefined : result.error.issues.map((i) => i.message).join('; ');
};

describe('choices', () => {
  it('reads comma-joined values, repeated parts and form arrays alike, in order and without repeats', () => {
    expect(value({ languages: 'fra,eng' }, 'languages')).toEqual(['fra', 'eng']);
    expect(value({ languages: ['deu', 'fra', 'deu'] }, 'languages')).toEqual(['deu', 'fra']);
    expect(value({ languages: [' eng ', 'fra,deu'] }, 'languages')).toEqual(['eng', 'fra', 'deu']);
  });

  it('takes the default when left out or blank', () => {
    expect(value({}, 'languages')).toEqual(['eng']);
    expect(value({ languages: ' , ' }, 'languages')).toEqual(['eng']);
  });

  it('drops values it does not offer with ignoreUnknown, refusing only when none is left', () => {
    expect(value({ languages: 'eng,xyz' }, 'languages')).toEqual(['eng']);
    expect(message({ languages: 'xyz,abc' })).toBe('Selected languages are invalid.');
  });

  it('refuses any unknown value otherwise, with a message derived from the options', () => {
    expect(message({ strict: 'eng,xyz' })).toBe('Strict must be among eng, fra or deu.');
    expect(value({ strict: 'deu' }, 'strict')).toEqual(['deu']);
  });

  it('refuses an empty selection from the form with the required message', () => {
    expect(schemaOf(tool).safeParse({ languages: [] }).error?.issues[0].message).toBe('Please select at least one language.');
  });
});

describe('entries', () => {
  const pairs = (body: Record<string, unknown>) => value(body, 'allRequestParams');

  it("reads the spec page's numbered parts, in number order", () => {
    expect(pairs({ customKey2: 'Team', customValue2: 'QA', customKey1: 'Dept', customValue1: 'HR' })).toEqual([
      { key: 'Dept', value: 'HR' },
      { key: 'Team', value: 'QA' },
    ]);
  });

  it("reads the reference's map as bracketed parts (nested by multer or not) and as JSON text", () => {
    const expected = [
      { key: 'Dept', value: 'HR' },
      { key: 'Room', value: '12' },
    ];
    expect(pairs({ allRequestParams: { customKey1: 'Dept', customValue1: 'HR', Room: '12' } })).toEqual(expected);
    expect(pairs({ 'allRequestParams[customKey1]': 'Dept', 'allRequestParams[customValue1]': 'HR', 'allRequestParams[Room]': '12' })).toEqual(expected);
    expect(pairs({ allRequestParams: JSON.stringify({ customKey1: 'Dept', customValue1: 'HR', Room: '12' }) })).toEqual(expected);
  });

  it('takes numbers and booleans in a JSON map as their text', () => {
    expect(pairs({ allRequestParams: JSON.stringify({ Floor: 3, Draft: false }) })).toEqual([
      { key: 'Floor', value: '3' },
      { key: 'Draft', value: 'false' },
    ]);
  });

  it('drops pairs with a blank name and is absent when none is left', () => {
    expect(pairs({ customKey1: ' ', customValue1: 'x', customKey2: 'A', customValue2: '' })).toEqual([{ key: 'A', value: '' }]);
    expect(pairs({ customKey1: '', customValue1: 'x' })).toBeUndefined();
  });

  it('refuses a map that is not a JSON object, and too many pairs', () => {
    expect(message({ allRequestParams: '{not json' })).toBe('Custom metadata must be a JSON object of names and values.');
    expect(message({ allRequestParams: '[1,2]' })).toBe('Custom metadata must be a JSON object of names and values.');
    expect(message({ allRequestParams: { a: '1', b: '2', c: '3', d: '4' } })).toBe('Custom metadata: at most 3 entries.');
  });

  it('sends what it reads: the page posts numbered parts', () => {
    const field = tool.fields.allRequestParams;
    const sent = field.toBody!(
      [
        { key: 'Dept', value: 'HR' },
        { key: 'Room', value: '12' },
      ],
      'allRequestParams',
    );
    expect(sent).toEqual([
      ['customKey1', 'Dept'],
      ['customValue1', 'HR'],
      ['customKey2', 'Room'],
      ['customValue2', '12'],
    ]);
    expect(pairs(Object.fromEntries(sent))).toEqual([
      { key: 'Dept', value: 'HR' },
      { key: 'Room', value: '12' },
    ]);
  });
});
