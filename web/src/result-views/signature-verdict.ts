import type { ChangesAfterSigning, SignatureCoverage } from '@folio/registry';
/**
 * What Validate PDF Signature's page says of one signature, in words: a
 * signature that verifies but does not reach the end of the file is never
 * shown as plainly valid, as PDF readers warn of a document changed after
 * signing.
 */

/** The parts of a report the verdict reads. */
export interface VerdictInput {
  valid?: boolean;
  coverage?: SignatureCoverage;
  changedAfterSigning?: ChangesAfterSigning | null;
}

export type VerdictKind = 'valid' | 'changed' | 'invalid';

export interface Verdict {
  kind: VerdictKind;
  /** e.g. 'valid', 'not valid', 'valid for the signed revision, but the document was changed after signing' */
  title: string;
  /** The sentence under the title, for a changed document. e.g. 'Valid for the signed revision, but … signing: 1 incremental update; page 1 changed.' */
  detail?: string;
}

const CHANGED = 'valid for the signed revision, but the document was changed after signing';

export function verdictOf(report: VerdictInput): Verdict {
  if (!report.valid) return { kind: 'invalid', title: 'not valid' };
  if (report.coverage !== 'signed-revision-only') return { kind: 'valid', title: 'valid' };
  const changes = report.changedAfterSigning ? describeChanges(report.changedAfterSigning) : [];
  const detail = `${CHANGED[0].toUpperCase()}${CHANGED.slice(1)}${changes.length > 0 ? `: ${changes.join('; ')}` : ''}.`;
  return { kind: 'changed', title: CHANGED, detail };
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const fieldNames = (names: string[]) => names.map((name) => `"${name}"`).join(', ');

/** What was done after signing, one phrase a kind. e.g. ['1 incremental update', 'page 1 changed', '1 annotation added'] */
export function describeChanges(changes: ChangesAfterSigning): string[] {
  const parts = [changes.incrementalUpdates > 0 ? count(changes.incrementalUpdates, 'incremental update') : `${count(changes.bytesAdded, 'byte')} appended`];
  const { pages, annotations, formFields } = changes;
  if (pages) {
    if (pages.changed.length > 0) parts.push(`${pages.changed.length === 1 ? 'page' : 'pages'} ${pages.changed.join(', ')} changed`);
    if (pages.added > 0) parts.push(`${count(pages.added, 'page')} added`);
    if (pages.removed > 0) parts.push(`${count(pages.removed, 'page')} removed`);
  }
  if (annotations) {
    for (const [n, what] of [
      [annotations.added, 'added'],
      [annotations.removed, 'removed'],
      [annotations.changed, 'changed'],
    ] as const) {
      if (n > 0) parts.push(`${count(n, 'annotation')} ${what}`);
    }
  }
  if (formFields) {
    for (const [names, what] of [
      [formFields.added, 'added'],
      [formFields.removed, 'removed'],
      [formFields.changed, 'changed'],
    ] as const) {
      if (names.length > 0) parts.push(`${names.length === 1 ? 'form field' : 'form fields'} ${fieldNames(names)} ${what}`);
    }
  }
  if (changes.laterSignatures) parts.push(count(changes.laterSignatures, 'later signature'));
  if (changes.objectsChanged === null) parts.push('what changed could not be told');
  return parts;
}
