import { z } from 'zod';
import { checkbox, number, pages, select, text } from './fields';
import { defineTool } from './define-tool';
import { collectParams, defaultsOf, schemaOf, type ToolParams } from './schema';

const sample = defineTool({
  id: 'sample',
  category: 'organize',
  title: 'Sample',
  subtitle: 'A tool for tests.',
  endpoint: '/api/v1/test/sample',
  input: { accept: ['pdf'], multiple: false, messages: { missing: 'Please upload a PDF file.', wrongType: 'Please upload a PDF file.' } },
  fields: {
    mode: select({
      label: 'Mode',
      options: [
        { value: 'CUSTOM', label: 'Custom' },
        { value: 'REVERSE', label: 'Reverse', aliases: ['backwards'] },
      ],
      default: 'CUSTOM',
      caseInsensitive: true,
      invalid: 'Choose a mode.',
    }),
    order: pages({ label: 'Order', visibleWhen: { mode: ['CUSTOM'] }, required: 'Please enter a page order.' }),
    perSheet: number({ label: 'Per sheet', default: 2, min: 1, max: 16, integer: true, invalid: 'Pages per sheet must be between 1 and 16.' }),
    scale: number({ label: 'Scale', default: 1, greaterThan: 0, invalid: 'Scale factor must be greater than 0.' }),
    border: checkbox({ label: 'Border', default: false }),
    colour: select({
      label: 'Colour',
      options: [
        { value: 'colour', label: 'Colour' },
        { value: 'grayscale', label: 'Greyscale' },
      ],
      default: 'colour',
      aliases: ['colorType'],
      invalid: 'Choose a colour.',
    }),
    note: text({ label: 'Note', maxLength: 5, invalid: 'Too long.' }),
  },
  action: { label: 'Go', busyLabel: 'Processing...' },
  result: { kind: 'pdf' },
  download: { api: '{base}_x.pdf', browser: 'x.pdf' },
  toast: { success: 'Done!' },
});

const schema = schemaOf(sample);
const parse = (values: Record<string, unknown>) => schema.safeParse(values);
const messages = (values: Record<string, unknown>) => {
  const result = parse(values);
  return result.success ? [] : result.error.issues.map((i) => i.message);
};

describe('schemaOf', () => {
  it('applies defaults and coerces multipart text', () => {
    const result = parse({ mode: 'custom', order: '1,2', perSheet: '4', scale: '0.5', border: 'TRUE' });
    expect(result.success && result.data).toEqual({ mode: 'CUSTOM', order: '1,2', perSheet: 4, scale: 0.5, border: true, colour: 'colour', note: undefined });
  });

  it('parses booleans the way the reference binder does', () => {
    for (const [raw, value] of [
      ['on', true],
      ['yes', true],
      ['1', true],
      ['off', false],
      ['No', false],
      ['0', false],
      [true, true],
      ['', false],
    ] as const) {
      const result = parse({ order: '1', border: raw });
      expect(result.success && result.data.border).toBe(value);
    }
    expect(messages({ order: '1', border: 'maybe' })).toEqual(['Border: expected true or false.']);
  });

  it('uses the declared messages for out-of-domain values', () => {
    expect(messages({ order: '1', perSheet: '17' })).toEqual(['Pages per sheet must be between 1 and 16.']);
    expect(messages({ order: '1', perSheet: '2.5' })).toEqual(['Pages per sheet must be between 1 and 16.']);
    expect(messages({ order: '1', scale: '0' })).toEqual(['Scale factor must be greater than 0.']);
    expect(messages({ order: '1', scale: 'big' })).toEqual(['Scale factor must be greater than 0.']);
    expect(messages({ order: '1', mode: 'SIDEWAYS' })).toEqual(['Choose a mode.']);
    expect(messages({ order: '1', note: 'far too long' })).toEqual(['Too long.']);
    expect(messages({ order: 'none' })).toEqual(['Invalid expression format: none']);
  });

  it('requires a conditional field only while it is visible, and drops it when hidden', () => {
    expect(messages({ mode: 'CUSTOM', order: '  ' })).toEqual(['Please enter a page order.']);
    const hidden = parse({ mode: 'backwards', order: 'ignored' });
    expect(hidden.success && hidden.data).toMatchObject({ mode: 'REVERSE' });
    expect(hidden.success && 'order' in hidden.data).toBe(false);
  });

  it('infers option types from the declaration', () => {
    type Params = ToolParams<typeof sample>;
    const check: Params = { mode: 'REVERSE', order: undefined, perSheet: 3, scale: 1, border: true, colour: 'grayscale', note: undefined };
    expect(check.mode).toBe('REVERSE');
    // @ts-expect-error not an option value
    const wrong: Params['mode'] = 'SIDEWAYS';
    expect(wrong).toBeDefined();
  });

  it('reads aliases from multipart bodies', () => {
    expect(collectParams(sample, { colorType: 'grayscale', unknown: 'x' })).toEqual({ colour: 'grayscale' });
    expect(collectParams(sample, { colorType: 'grayscale', colour: 'colour' })).toEqual({ colour: 'colour' });
  });

  it('gives form defaults for every field', () => {
    expect(defaultsOf(sample)).toEqual({ mode: 'CUSTOM', order: '', perSheet: 2, scale: 1, border: false, colour: 'colour', note: '' });
  });

  it('is a zod schema usable by any zod consumer', () => {
    expect(schema).toBeInstanceOf(z.ZodType);
  });
});

describe('secret text', () => {
  const password = text({ label: 'Password', secret: true });
  it('keeps spaces, which are part of a password, and takes only an empty value as absent', () => {
    expect(password.schema.parse('  ')).toBe('  ');
    expect(password.schema.parse(' pass word ')).toBe(' pass word ');
    expect(password.schema.parse('')).toBeUndefined();
    expect(text({ label: 'Name' }).schema.parse('  ')).toBeUndefined();
  });
});

describe('text areas', () => {
  it('join a value repeated once per line, as some pages send lines', () => {
    const lines = text({ label: 'Lines', multiline: true });
    expect(lines.schema.parse(['alpha', 'beta'])).toBe('alpha\nbeta');
    expect(lines.schema.parse('alpha\nbeta')).toBe('alpha\nbeta');
    expect(text({ label: 'Name' }).schema.parse(['first', 'second'])).toBe('first');
  });
});
