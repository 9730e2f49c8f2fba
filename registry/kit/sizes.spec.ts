import { autoSplitSizeTool, compressTool } from '../index';
import { parseCount, parseSize, sizeText } from './sizes';
import { schemaOf } from './schema';

describe('sizes: one grammar for every size field', () => {
  it.each([
    ['2MB', 2 * 1024 ** 2],
    ['500 kb', 500 * 1024],
    ['1,5GB', 1.5 * 1024 ** 3],
    ['1.5 M', 1.5 * 1024 ** 2],
    ['100B', 100],
    ['100', 100 * 1024 ** 2],
    ['.5k', 512],
  ])('reads %s as %i bytes', (text, bytes) => {
    expect(parseSize(text)).toBe(bytes);
    expect(parseSize(sizeText(bytes))).toBe(bytes);
  });

  it.each(['', 'abc', '0KB', '-5MB', '2 MiB', '1e3', '0.1B'])('refuses %p', (text) => {
    expect(parseSize(text)).toBeUndefined();
  });

  it('reads counts as whole numbers from 1', () => {
    expect(['3', '+7', ' 12 '].map(parseCount)).toEqual([3, 7, 12]);
    expect(['0', '1.5', 'x', '1MB'].map(parseCount)).toEqual([undefined, undefined, undefined, undefined]);
  });
});

describe('a size field and a rule across fields, the same on the page and the server', () => {
  it('parses Compress’s target size to bytes, and refuses what is no size with the declared message', () => {
    const schema = schemaOf(compressTool);
    expect(schema.parse({ expectedOutputSize: '1,5 MB' })).toMatchObject({ expectedOutputSize: 1.5 * 1024 ** 2 });
    // What the page sends back for a parsed value reads as the same bytes.
    const [[, sent]] = compressTool.fields.expectedOutputSize.toBody!(1572864, 'expectedOutputSize');
    expect(schema.parse({ expectedOutputSize: sent })).toMatchObject({ expectedOutputSize: 1572864 });
    const refused = schema.safeParse({ expectedOutputSize: 'small' });
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ['expectedOutputSize'], message: 'Target size must be a size such as 500KB or 2MB.' }),
    ]);
  });

  it('reads Split by Size’s value as a size or a count by the split type', () => {
    const schema = schemaOf(autoSplitSizeTool);
    const messages = (values: Record<string, unknown>) => schema.safeParse(values).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ splitType: '0', splitValue: '1,5MB' })).toEqual([]);
    expect(messages({ splitType: '0', splitValue: 'big' })).toEqual(['Split value must be a size such as 2MB, 500KB or 1.5GB, above 0.']);
    expect(messages({ splitType: '1', splitValue: '2MB' })).toEqual(['Split value must be a whole number of pages per part, 1 or more.']);
    expect(messages({ splitType: '2', splitValue: '0' })).toEqual(['Split value must be a whole number of documents, 1 or more.']);
    expect(messages({ splitType: '2', splitValue: '4' })).toEqual([]);
  });
});
