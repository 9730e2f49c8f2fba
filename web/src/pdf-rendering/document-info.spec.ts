import { describe, expect, it } from '@jest/globals';
import { documentInfoOf, fieldDate } from './document-info';

describe('fieldDate', () => {
  it.each([
    ["D:20240102030405+01'00'", '2024/01/02 03:04:05'],
    ["D:20261128010410Z'", '2026/11/28 01:04:10'],
    ['D:2024', '2024/01/01 00:00:00'],
    ['20240102', '2024/01/02 00:00:00'],
  ])('shows %s as %s, the clock time the file wrote', (pdf, shown) => {
    expect(fieldDate(pdf)).toBe(shown);
  });

  it('gives nothing for a text that is not a date', () => {
    expect(fieldDate('yesterday')).toBeUndefined();
  });
});

describe('documentInfoOf', () => {
  it('takes pdf.js’s info as the fields show it, leaving out what is not text', () => {
    const info = {
      Title: 'Report',
      Author: '',
      Keywords: 3,
      ModDate: 'D:20240102030405Z',
      Trapped: { name: 'True' },
      Custom: { Dept: 'HR' },
      IsAcroFormPresent: false,
    };
    expect(documentInfoOf(info)).toEqual({ title: 'Report', modificationDate: '2024/01/02 03:04:05', trapped: 'True' });
  });

  it('leaves out a Trapped that is not one of the three names', () => {
    expect(documentInfoOf({ Trapped: { name: 'Maybe' } })).toEqual({});
  });
});
