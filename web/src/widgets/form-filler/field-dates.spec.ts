import { describe, expect, it } from '@jest/globals';
import { formatFieldDate, isPlainDateFormat, parseFieldDate } from './field-dates';

describe('field dates', () => {
  it.each([
    ['dd/mm/yyyy', '07/03/2024'],
    ['m/d/yy', '3/7/24'],
    ['yyyy-mm-dd', '2024-03-07'],
    ['d mmmm yyyy', '7 March 2024'],
    ['dd-mmm-yy', '07-Mar-24'],
  ])('writes 2024-03-07 in %s as %s, and reads it back', (format, text) => {
    expect(formatFieldDate('2024-03-07', format)).toBe(text);
    expect(parseFieldDate(text, format)).toBe('2024-03-07');
  });

  it('reads no date from text of another format or a day the calendar lacks', () => {
    expect(parseFieldDate('2024-03-07', 'dd/mm/yyyy')).toBeUndefined();
    expect(parseFieldDate('31/02/2024', 'dd/mm/yyyy')).toBeUndefined();
    expect(parseFieldDate('', 'dd/mm/yyyy')).toBeUndefined();
  });

  it('offers a date picker for dates alone, not for formats with a time', () => {
    expect(isPlainDateFormat('mmm d, yyyy')).toBe(true);
    expect(isPlainDateFormat('m/d/yy h:MM tt')).toBe(false);
    expect(isPlainDateFormat('HH:MM')).toBe(false);
  });
});
