import { describe, expect, it } from '@jest/globals';
import { forgetHandOff, handedOffFile, handOffFile } from './hand-off';

describe('handing a result to the next tool page', () => {
  const result = new File(['%PDF-'], 'merged.pdf', { type: 'application/pdf' });

  it('is there for the tool it was left for only, as often as it is read, until that page forgets it', () => {
    handOffFile('rotate', result);
    expect(handedOffFile('compress')).toBeUndefined();
    expect(handedOffFile('rotate')).toBe(result);
    expect(handedOffFile('rotate')).toBe(result);
    forgetHandOff('compress');
    expect(handedOffFile('rotate')).toBe(result);
    forgetHandOff('rotate');
    expect(handedOffFile('rotate')).toBeUndefined();
  });

  it('keeps only the latest file left', () => {
    const other = new File(['%PDF-'], 'rotated.pdf', { type: 'application/pdf' });
    handOffFile('rotate', result);
    handOffFile('compress', other);
    expect(handedOffFile('rotate')).toBeUndefined();
    expect(handedOffFile('compress')).toBe(other);
    forgetHandOff('compress');
  });
});
