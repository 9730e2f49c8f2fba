/**
 * The page-selection grammar shared by every `pageNumbers`-style field, as the
 * Stirling-compatible API defines it (reference §2): comma-separated tokens, each
 * `all`, a function of `n` (`2n+1`), a range (`5-9`, open `8-`) or a page number.
 * Results keep first-seen order and drop duplicates; nothing is sorted.
 *
 * Isomorphic on purpose: the browser checks the syntax before upload and the
 * server expands it against the real page count, with the same code.
 */

/** Thrown for a token that can never be valid, whatever the page count. */
export class PageSelectionError extends Error {
  constructor(readonly token: string) {
    super(`Invalid expression format: ${token}`);
    this.name = 'PageSelectionError';
  }
}

/** Functions of n are evaluated for n = 1…N, and N is capped like the reference does. */
export const MAX_FUNCTION_PAGES = 10_000;

const FUNCTION_CHARS = /^[0-9n+\-*/() ]+$/;

/** Checks every token's syntax without a page count; throws PageSelectionError. */
export function assertPageSelectionSyntax(spec: string): void {
  for (const token of spec.split(',')) {
    if (isFunctionToken(token)) compileFunction(token);
  }
}

/**
 * Expands a selection to 0-based page indices for a document of `totalPages` pages.
 * Out-of-range pages and malformed ranges are skipped silently (reference §2.1).
 */
export function parsePageSelection(spec: string, totalPages: number): number[] {
  const pages = new Set<number>();
  const add = (oneBased: number) => {
    if (Number.isInteger(oneBased) && oneBased >= 1 && oneBased <= totalPages) pages.add(oneBased - 1);
  };

  for (const token of spec.split(',')) {
    if (token.toLowerCase() === 'all') {
      for (let p = 1; p <= totalPages; p++) add(p);
    } else if (isFunctionToken(token)) {
      const f = compileFunction(token);
      if (totalPages < 1 || totalPages > MAX_FUNCTION_PAGES) {
        throw new RangeError(`Page functions need a document of 1 to ${MAX_FUNCTION_PAGES} pages`);
      }
      for (let n = 1; n <= totalPages; n++) {
        const value = f(n);
        if (Number.isFinite(value)) add(Math.trunc(value));
      }
    } else if (token.includes('-')) {
      const [startText, endText] = token.split('-');
      if (!/^\d+$/.test(startText)) continue;
      const start = Number(startText);
      const end = endText !== undefined && endText !== '' ? strictInteger(endText) : totalPages;
      if (end === undefined) continue;
      for (let p = Math.max(start, 1); p <= Math.min(end, totalPages); p++) add(p);
    } else {
      const page = strictInteger(token.trim());
      if (page !== undefined) add(page);
    }
  }
  return [...pages];
}

/**
 * Pages a selection names explicitly that the document does not have, 1-based, in
 * first-seen order: single numbers outside 1…N (`0`, `12` of 10 pages) and ranges
 * that start past the last page (`12-15`). The grammar skips these silently
 * (reference §2.1); tools where a silent skip would surprise use this to say so.
 * Ranges that overlap the document are clipped, not reported (`8-15`, `0-3`), and
 * functions of n never name a page.
 */
export function outOfRangePages(spec: string, totalPages: number): number[] {
  const named = new Set<number>();
  for (const token of spec.split(',')) {
    if (token.toLowerCase() === 'all' || isFunctionToken(token)) continue;
    if (token.includes('-')) {
      const [startText] = token.split('-');
      if (/^\d+$/.test(startText) && Number(startText) > totalPages) named.add(Number(startText));
    } else {
      const page = strictInteger(token.trim());
      if (page !== undefined && (page < 1 || page > totalPages)) named.add(page);
    }
  }
  return [...named];
}

function isFunctionToken(token: string): boolean {
  return token.includes('n');
}

function strictInteger(text: string): number | undefined {
  return /^[+-]?\d+$/.test(text) ? Number(text) : undefined;
}

/**
 * Turns `2n+1` into a function of n with a tiny recursive-descent parser
 * (no eval, so the browser's CSP and the server stay safe).
 */
function compileFunction(token: string): (n: number) => number {
  const trimmed = token.trim();
  if (!FUNCTION_CHARS.test(trimmed)) throw new PageSelectionError(token);
  const source = insertImplicitMultiplication(trimmed.replace(/ /g, ''));
  let pos = 0;
  type Node = (n: number) => number;

  const expression = (): Node => {
    let left = term();
    while (source[pos] === '+' || source[pos] === '-') {
      const op = source[pos++];
      const right = term();
      const l = left;
      left = op === '+' ? (n) => l(n) + right(n) : (n) => l(n) - right(n);
    }
    return left;
  };
  const term = (): Node => {
    let left = unary();
    while (source[pos] === '*' || source[pos] === '/') {
      const op = source[pos++];
      const right = unary();
      const l = left;
      left = op === '*' ? (n) => l(n) * right(n) : (n) => l(n) / right(n);
    }
    return left;
  };
  const unary = (): Node => {
    if (source[pos] === '-') {
      pos++;
      const inner = unary();
      return (n) => -inner(n);
    }
    if (source[pos] === '+') {
      pos++;
      return unary();
    }
    return primary();
  };
  const primary = (): Node => {
    const ch = source[pos];
    if (ch === '(') {
      pos++;
      const inner = expression();
      if (source[pos] !== ')') throw new PageSelectionError(token);
      pos++;
      return inner;
    }
    if (ch === 'n') {
      pos++;
      return (n) => n;
    }
    const digits = /^\d+/.exec(source.slice(pos));
    if (!digits) throw new PageSelectionError(token);
    pos += digits[0].length;
    const value = Number(digits[0]);
    return () => value;
  };

  try {
    const f = expression();
    if (pos !== source.length) throw new PageSelectionError(token);
    return f;
  } catch {
    // Allowed characters but no valid expression: the reference evaluates nothing
    // for such a token rather than failing the request.
    return () => Number.NaN;
  }
}

/** `3n` → `3*n`, `nn` → `n*n`, `2(` → `2*(`, `)n` → `)*n` (reference §2.1 step 3). */
function insertImplicitMultiplication(expr: string): string {
  let out = '';
  for (let i = 0; i < expr.length; i++) {
    const ch = expr[i];
    const prev = out[out.length - 1];
    const prevIsOperand = prev !== undefined && /[0-9n)]/.test(prev);
    if (prevIsOperand && (ch === 'n' || ch === '(')) out += '*';
    else if (prev === ')' && /[0-9]/.test(ch)) out += '*';
    out += ch;
  }
  return out;
}
