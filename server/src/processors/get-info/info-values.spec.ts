import { javaFloat } from './info-values';

describe('javaFloat', () => {
  it.each([
    [612, '612.0'],
    [595.2756, '595.2756'],
    [841.8898, '841.8898'],
    [0, '0.0'],
    [-12.5, '-12.5'],
    [0.1, '0.1'],
    [1e7, '1.0E7'],
    [12345678, '1.2345678E7'],
    [0.0005, '5.0E-4'],
  ])('writes %p as Java’s Float.toString does: %s', (value, text) => {
    expect(javaFloat(value)).toBe(text);
  });
});
