/**
 * A small JavaScript tokenizer for highlighting: comments, strings (quotes,
 * templates), regular expressions, numbers, keywords and literals; everything
 * else is plain. One pass, character by character, no backtracking regular
 * expressions, so a hostile megabyte of script costs linear time; an
 * unterminated string or comment simply runs to the end (of its line, for
 * quotes).
 */

export type TokenKind = 'plain' | 'comment' | 'string' | 'regex' | 'number' | 'keyword' | 'literal';

export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS = new Set(
  (
    'async await break case catch class const continue debugger default delete do else export extends finally for function ' +
    'if import in instanceof let new of return static super switch throw try typeof var void while with yield get set'
  ).split(' '),
);
const LITERALS = new Set(['true', 'false', 'null', 'undefined', 'this', 'NaN', 'Infinity']);
/** Words after which a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);

const isIdentifierStart = (c: string) => /[A-Za-z_$]/.test(c) || c > '\x7f';
const isIdentifierPart = (c: string) => /[\w$]/.test(c) || c > '\x7f';
const isDigit = (c: string) => c >= '0' && c <= '9';

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let plain = '';
  /** The last token that was not white space or a comment: decides whether `/` starts a regex. */
  let previous: Token | undefined;
  const push = (kind: TokenKind, text: string) => {
    if (kind === 'plain') {
      plain += text;
    } else {
      if (plain) tokens.push({ kind: 'plain', text: plain });
      plain = '';
      tokens.push({ kind, text });
    }
    if (kind !== 'comment' && text.trim() !== '') previous = { kind, text };
  };

  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = lineEnd(source, i);
      push('comment', source.slice(i, end));
      i = end;
    } else if (c === '/' && next === '*') {
      const close = source.indexOf('*/', i + 2);
      const end = close < 0 ? n : close + 2;
      push('comment', source.slice(i, end));
      i = end;
    } else if (c === '"' || c === "'") {
      const end = quotedEnd(source, i, c, true);
      push('string', source.slice(i, end));
      i = end;
    } else if (c === '`') {
      const end = quotedEnd(source, i, c, false);
      push('string', source.slice(i, end));
      i = end;
    } else if (c === '/' && regexAllowed(previous)) {
      const end = regexEnd(source, i);
      if (end > 0) {
        push('regex', source.slice(i, end));
        i = end;
      } else {
        push('plain', c);
        i++;
      }
    } else if (isDigit(c) || (c === '.' && next !== undefined && isDigit(next))) {
      let end = i + 1;
      while (
        end < n &&
        (isIdentifierPart(source[end]) ||
          source[end] === '.' ||
          ((source[end] === '+' || source[end] === '-') && /[eE]/.test(source[end - 1]) && !/^0[xX]/.test(source.slice(i, i + 2))))
      )
        end++;
      push('number', source.slice(i, end));
      i = end;
    } else if (isIdentifierStart(c)) {
      let end = i + 1;
      while (end < n && isIdentifierPart(source[end])) end++;
      const word = source.slice(i, end);
      // A property name (`a.delete`) is no keyword.
      const property = previous?.text === '.';
      push(!property && KEYWORDS.has(word) ? 'keyword' : !property && LITERALS.has(word) ? 'literal' : 'plain', word);
      i = end;
    } else {
      push('plain', c);
      i++;
    }
  }
  if (plain) tokens.push({ kind: 'plain', text: plain });
  return tokens;
}

function lineEnd(source: string, from: number): number {
  for (let i = from; i < source.length; i++) if (source[i] === '\n' || source[i] === '\r') return i;
  return source.length;
}

/** The end (exclusive) of a string opened at `from`; a quote string also ends at its line's end. */
function quotedEnd(source: string, from: number, quote: string, singleLine: boolean): number {
  for (let i = from + 1; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (c === quote) return i + 1;
    else if (singleLine && (c === '\n' || c === '\r')) return i;
  }
  return source.length;
}

function regexAllowed(previous: Token | undefined): boolean {
  if (!previous) return true;
  if (previous.kind === 'keyword') return BEFORE_REGEX.has(previous.text);
  if (previous.kind !== 'plain') return false;
  const last = previous.text.trimEnd().slice(-1);
  // After an identifier, a closing bracket or a number it is a division.
  return !(isIdentifierPart(last) || last === ')' || last === ']' || last === '}');
}

/** Longest regular expression literal looked for: a long line of `[/[/[/…` must not be scanned again from every `/`. */
const MAX_REGEX_CHARS = 256;

/** The end (exclusive) of a regular expression literal opened at `from`, or -1 when the line holds none (within MAX_REGEX_CHARS). */
function regexEnd(source: string, from: number): number {
  let inClass = false;
  const limit = Math.min(source.length, from + MAX_REGEX_CHARS);
  for (let i = from + 1; i < limit; i++) {
    const c = source[i];
    if (c === '\n' || c === '\r') return -1;
    if (c === '\\') i++;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) {
      let end = i + 1;
      while (end < source.length && /[a-z]/i.test(source[end])) end++;
      return end;
    }
  }
  return -1;
}
