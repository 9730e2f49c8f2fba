/**
 * Joining the lines of a paragraph. A word broken at a line end with a hyphen
 * ("exam-" / "ple") is joined ("example") when that is plausible: the joined
 * form occurs elsewhere in the document, or the hyphenated form does not and
 * both halves are lower-case letters, and the first half is not one that
 * usually forms compounds ("self-", "well-").
 */

const COMPOUND_PREFIXES = new Set(['self', 'well', 'non', 'ex', 'all', 'half', 'cross', 'co', 'pre', 'post', 'anti', 'semi', 'multi', 'so']);

/** Lower-cased words of a text, for the vocabulary test. */
export function vocabularyOf(texts: Iterable<string>): Set<string> {
  const words = new Set<string>();
  for (const text of texts) {
    for (const word of text.toLowerCase().split(/[^\p{L}\p{N}-]+/u)) if (word) words.add(word);
  }
  return words;
}

/** Lines of one paragraph as one string, de-hyphenated where plausible. */
export function joinLines(lines: readonly string[], vocabulary: ReadonlySet<string> = new Set()): string {
  let text = '';
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) continue;
    if (!text) {
      text = line;
      continue;
    }
    const broken = /(\p{L}+)-$/u.exec(text);
    const next = /^(\p{L}+)/u.exec(line);
    if (broken && next && /[\p{L}]/u.test(text.charAt(text.length - 2))) {
      const join = shouldJoin(broken[1], next[1], vocabulary);
      if (join === 'join') text = text.slice(0, -1) + line;
      else text += line; // keep the hyphen, no space: "well-known"
      continue;
    }
    text += ` ${line}`;
  }
  return text;
}

function shouldJoin(left: string, right: string, vocabulary: ReadonlySet<string>): 'join' | 'keep' {
  const joined = (left + right).toLowerCase();
  const hyphenated = `${left}-${right}`.toLowerCase();
  if (vocabulary.has(joined)) return 'join';
  if (vocabulary.has(hyphenated)) return 'keep';
  if (right !== right.toLowerCase()) return 'keep';
  if (COMPOUND_PREFIXES.has(left.toLowerCase())) return 'keep';
  return 'join';
}
