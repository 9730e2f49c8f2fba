import { describe, expect, it } from '@jest/globals';
import { redactionSummary } from './redaction-summary';

describe('redactionSummary', () => {
  it('names the places, decodes the dropped files and explains what was not cleared', () => {
    expect(
      redactionSummary({
        'x-redaction-cleared': 'bookmarks, form-fields, document-properties',
        'x-redaction-dropped-files': 'Secret-list.csv, r%C3%A9sum%C3%A9%2C%20final.pdf',
        'x-redaction-not-cleared': 'other-streams',
      }),
    ).toEqual({
      cleared: ['bookmarks', 'form fields', 'document properties (title and others)'],
      droppedFiles: ['Secret-list.csv', 'résumé, final.pdf'],
      notCleared: ['Some data of a kind Auto Redact does not know still holds the text; it was left unchanged rather than damaged.'],
    });
  });

  it('says nothing when the headers say nothing', () => {
    expect(redactionSummary({})).toBeUndefined();
  });

  it('shows a place it does not know by its key rather than hiding it', () => {
    expect(redactionSummary({ 'x-redaction-cleared': 'new-place' })?.cleared).toEqual(['new-place']);
  });
});
