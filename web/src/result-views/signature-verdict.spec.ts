import { describe, expect, it } from '@jest/globals';
import type { ChangesAfterSigning } from '@folio/registry';
import { verdictOf } from './signature-verdict';

const unchanged: ChangesAfterSigning = {
  bytesAdded: 420,
  incrementalUpdates: 1,
  objectsChanged: 3,
  pages: { added: 0, removed: 0, changed: [] },
  annotations: { added: 0, removed: 0, changed: 0 },
  formFields: { added: [], removed: [], changed: [] },
  laterSignatures: 0,
};

describe('the signature verdict', () => {
  it('calls a signature over the whole file valid, and a failing one not valid, whatever it covers', () => {
    expect(verdictOf({ valid: true, coverage: 'entire-document', changedAfterSigning: null })).toEqual({ kind: 'valid', title: 'valid' });
    expect(verdictOf({ valid: false, coverage: 'signed-revision-only', changedAfterSigning: unchanged })).toEqual({ kind: 'invalid', title: 'not valid' });
  });

  it('never calls a signature over an earlier revision plainly valid, and says what changed', () => {
    const verdict = verdictOf({
      valid: true,
      coverage: 'signed-revision-only',
      changedAfterSigning: { ...unchanged, pages: { added: 1, removed: 0, changed: [1, 3] }, annotations: { added: 2, removed: 0, changed: 1 } },
    });
    expect(verdict.kind).toBe('changed');
    expect(verdict.title).toBe('valid for the signed revision, but the document was changed after signing');
    expect(verdict.detail).toBe(
      'Valid for the signed revision, but the document was changed after signing: 1 incremental update; pages 1, 3 changed; 1 page added; 2 annotations added; 1 annotation changed.',
    );
  });

  it('names form fields and later signatures, bytes appended without a revision, and what could not be told', () => {
    expect(
      verdictOf({
        valid: true,
        coverage: 'signed-revision-only',
        changedAfterSigning: { ...unchanged, formFields: { added: [], removed: [], changed: ['approvals.Approval'] }, laterSignatures: 1 },
      }).detail,
    ).toBe(
      'Valid for the signed revision, but the document was changed after signing: 1 incremental update; form field "approvals.Approval" changed; 1 later signature.',
    );
    expect(
      verdictOf({ valid: true, coverage: 'signed-revision-only', changedAfterSigning: { ...unchanged, incrementalUpdates: 0, bytesAdded: 23 } }).detail,
    ).toBe('Valid for the signed revision, but the document was changed after signing: 23 bytes appended.');
    const unknown = { ...unchanged, objectsChanged: null, pages: null, annotations: null, formFields: null, laterSignatures: null };
    expect(verdictOf({ valid: true, coverage: 'signed-revision-only', changedAfterSigning: unknown }).detail).toBe(
      'Valid for the signed revision, but the document was changed after signing: 1 incremental update; what changed could not be told.',
    );
  });
});
