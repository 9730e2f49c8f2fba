import { describe, expect, it } from '@jest/globals';
import { stageText } from './stage-text';

describe('a job’s stage, as the page shows it', () => {
  it('reads as it did in English: the server’s phrase, capitalised', () => {
    expect(stageText('starting')).toBe('Starting');
    expect(stageText('page 12 of 30')).toBe('Page 12 of 30');
    expect(stageText('file 1 of 3')).toBe('File 1 of 3');
    expect(stageText('packing the results')).toBe('Packing the results');
    expect(stageText('step 2 of 4: Compress PDF')).toBe('Step 2 of 4: Compress PDF');
    expect(stageText('step 2 of 4: Compress PDF (file 1 of 3)')).toBe('Step 2 of 4: Compress PDF (file 1 of 3)');
    expect(stageText('recognising text')).toBe('Recognising text');
  });
});
