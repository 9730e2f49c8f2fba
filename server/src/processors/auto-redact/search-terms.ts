import { InvalidInputError } from '../../refusals/input-errors';

/** Longest term the reference searches for; longer lines are skipped, as there. */
export const MAX_TERM_LENGTH = 4096;

/**
 * The terms in the redaction list: one per line (reference §5.4), each trimmed,
 * blank and over-long lines dropped. A list left with none is refused with the
 * spec's message (its first, "Please enter text to redact.", is the field's own).
 */
export function searchTerms(listOfText: string): string[] {
  const terms = listOfText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && line.length <= MAX_TERM_LENGTH);
  if (terms.length === 0) throw new InvalidInputError('Please enter valid text to redact.');
  return terms;
}
