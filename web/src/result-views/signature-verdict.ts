import type { ChangesAfterSigning, SignatureCoverage } from '@folio/registry';
import { activeLocale } from '../i18n/language';
import { translate } from '../i18n/use-messages';
import english from '../locales/en/app/resultViews.json';
/**
 * What Validate PDF Signature's page says of one signature, in words (the
 * active language's): a signature that verifies but does not reach the end of
 * the file is never shown as plainly valid, as PDF readers warn of a document
 * changed after signing.
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

type MessageKey = keyof typeof english;
const say = (key: MessageKey, values?: Record<string, unknown>) => translate('resultViews', english, key, values);

export function verdictOf(report: VerdictInput): Verdict {
  if (!report.valid) return { kind: 'invalid', title: say('verdictInvalid') };
  if (report.coverage !== 'signed-revision-only') return { kind: 'valid', title: say('verdictValid') };
  const changes = report.changedAfterSigning ? describeChanges(report.changedAfterSigning) : [];
  const detail = changes.length > 0 ? say('verdictChangedDetail', { changes: changes.join('; ') }) : say('verdictChangedDetailBare');
  return { kind: 'changed', title: say('verdictChanged'), detail };
}

/** A number as the active language writes it, ungrouped (counts of bytes and page numbers). e.g. '4200' */
const digits = (n: number) => new Intl.NumberFormat(activeLocale(), { useGrouping: false }).format(n);
/** 'a, b, c': a list of numbers or names, not a sentence's 'a, b and c'. */
const list = (items: string[]) => new Intl.ListFormat(activeLocale(), { type: 'unit', style: 'short' }).format(items);
/** A phrase with a count in it. e.g. '2 annotations added' */
const counted = (key: MessageKey, count: number) => say(key, { count, n: digits(count) });
const fieldNames = (names: string[]) => list(names.map((name) => `"${name}"`));

/** What was done after signing, one phrase a kind. e.g. ['1 incremental update', 'page 1 changed', '1 annotation added'] */
export function describeChanges(changes: ChangesAfterSigning): string[] {
  const parts = [
    changes.incrementalUpdates > 0 ? counted('changeIncrementalUpdates', changes.incrementalUpdates) : counted('changeBytesAppended', changes.bytesAdded),
  ];
  const { pages, annotations, formFields } = changes;
  if (pages) {
    if (pages.changed.length > 0) parts.push(say('changePagesChanged', { count: pages.changed.length, pages: list(pages.changed.map(digits)) }));
    if (pages.added > 0) parts.push(counted('changePagesAdded', pages.added));
    if (pages.removed > 0) parts.push(counted('changePagesRemoved', pages.removed));
  }
  if (annotations) {
    for (const [n, key] of [
      [annotations.added, 'changeAnnotationsAdded'],
      [annotations.removed, 'changeAnnotationsRemoved'],
      [annotations.changed, 'changeAnnotationsChanged'],
    ] as const) {
      if (n > 0) parts.push(counted(key, n));
    }
  }
  if (formFields) {
    for (const [names, key] of [
      [formFields.added, 'changeFormFieldsAdded'],
      [formFields.removed, 'changeFormFieldsRemoved'],
      [formFields.changed, 'changeFormFieldsChanged'],
    ] as const) {
      if (names.length > 0) parts.push(say(key, { count: names.length, names: fieldNames(names) }));
    }
  }
  if (changes.laterSignatures) parts.push(counted('changeLaterSignatures', changes.laterSignatures));
  if (changes.objectsChanged === null) parts.push(say('changeUnknown'));
  return parts;
}
