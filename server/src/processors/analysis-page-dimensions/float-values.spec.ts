import { floatDifference, javaFloatValue } from './float-values';

describe('javaFloatValue', () => {
  it.each([
    [612, 612],
    [595.2755905511812, 595.2756],
    [841.8897637795276, 841.8898],
    [0.1 + 0.2, 0.3],
    [-12.5, -12.5],
    [0, 0],
  ])('reads %p as the float Java writes as %p', (value, written) => {
    expect(javaFloatValue(value)).toBe(written);
  });
});

describe('floatDifference', () => {
  it('subtracts in floats: a page from 10.1 to 612.3 is 602.2 wide', () => {
    expect(floatDifference(612.3, 10.1)).toBe(602.2);
    expect(612.3 - 10.1).not.toBe(602.2);
  });
});
