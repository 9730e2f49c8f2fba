import { baseName } from '@folio/registry';

/**
 * The placeholders of a stamp text (reference §6.1), replaced per page:
 * `@@` → `@`; `@date{<pattern>}` (a Java DateTimeFormatter pattern); `@datetime`
 * (yyyy-MM-dd HH:mm:ss), `@date` (yyyy-MM-dd), `@time` (HH:mm:ss), `@year`,
 * `@month` and `@day` (two digits); `@page_number` and `@page`, `@page_count`
 * and `@total_pages`; `@filename_full`, `@filename` (without its extension);
 * `@author`, `@title`, `@subject` (the document's Info, empty when unset);
 * `@uuid` (8 hex digits). One pass, longest name first, so `@@date` is the
 * literal text `@date` and `@page_number` is not `@page` followed by `_number`.
 */

export interface StampContext {
  /** 1-based. */
  pageNumber: number;
  pageCount: number;
  /** The upload's name. e.g. 'report.pdf' */
  fileName: string;
  info: { title?: string; author?: string; subject?: string };
  /** The time of the request, in the server's time zone. */
  now: Date;
  /** 8 hex digits, one per request. */
  uuid: string;
}

const PLACEHOLDER =
  /@@|@date\{([^{}]*)\}|@datetime|@date|@time|@year|@month|@day|@page_number|@page_count|@total_pages|@page|@filename_full|@filename|@author|@title|@subject|@uuid/g;

/** Placeholders whose value differs from page to page. */
const PER_PAGE = /@page_number|@page(?!_count)/;

/** Whether the text reads the document's Info dictionary. */
export function usesDocumentInfo(text: string): boolean {
  return withoutEscapes(text).some((part) => /@(author|title|subject)/.test(part));
}

/** Whether the text comes out differently on different pages. */
export function variesByPage(text: string): boolean {
  return withoutEscapes(text).some((part) => PER_PAGE.test(part));
}

/** The text with every placeholder replaced for one page. */
export function expandPlaceholders(text: string, context: StampContext): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const { now } = context;
  const date = () => `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
  const time = () => `${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}`;
  return text.replace(PLACEHOLDER, (token: string, pattern: string | undefined) => {
    if (pattern !== undefined) return formatDate(now, pattern);
    switch (token) {
      case '@@':
        return '@';
      case '@datetime':
        return `${date()} ${time()}`;
      case '@date':
        return date();
      case '@time':
        return time();
      case '@year':
        return String(now.getFullYear());
      case '@month':
        return two(now.getMonth() + 1);
      case '@day':
        return two(now.getDate());
      case '@page_number':
      case '@page':
        return String(context.pageNumber);
      case '@page_count':
      case '@total_pages':
        return String(context.pageCount);
      case '@filename_full':
        return context.fileName;
      case '@filename':
        return baseName(context.fileName);
      case '@author':
        return context.info.author ?? '';
      case '@title':
        return context.info.title ?? '';
      case '@subject':
        return context.info.subject ?? '';
      case '@uuid':
        return context.uuid;
      default:
        return token;
    }
  });
}

/** The text cut at its `@@` escapes, which stand for `@` and never start a placeholder. */
function withoutEscapes(text: string): string[] {
  return text.split('@@');
}

// ---------------------------------------------------------------- @date{pattern}

/** Longest pattern taken, as the reference. */
const MAX_PATTERN = 50;
/** Characters a pattern may hold: pattern letters, digits, quotes and common separators. */
const SAFE_PATTERN = /^[A-Za-z0-9 '\-/:.,_()[\]]*$/;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * Formats `now` with the common part of Java's DateTimeFormatter patterns:
 * y/u (yy: two digits), M/L (M, MM, MMM, MMMM), d, D, E (EEE, EEEE), a, H, k,
 * h, K, m, s, S (fraction), Z/X/x (offset), and 'quoted' literals ('' is a quote).
 * A pattern longer than 50 characters, with other characters or other letters,
 * gives `[invalid format: <pattern>]` in its place, as the reference marks it.
 */
export function formatDate(now: Date, pattern: string): string {
  const invalid = `[invalid format: ${pattern}]`;
  if (pattern.length > MAX_PATTERN || !SAFE_PATTERN.test(pattern)) return invalid;
  let out = '';
  for (let i = 0; i < pattern.length;) {
    const ch = pattern[i];
    if (ch === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end < 0) return invalid;
      out += end === i + 1 ? "'" : pattern.slice(i + 1, end).replace(/''/g, "'");
      i = end + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(ch)) {
      out += ch;
      i++;
      continue;
    }
    let count = 1;
    while (pattern[i + count] === ch) count++;
    const field = dateField(now, ch, count);
    if (field === undefined) return invalid;
    out += field;
    i += count;
  }
  return out;
}

function dateField(now: Date, letter: string, count: number): string | undefined {
  const pad = (n: number, width = count) => String(n).padStart(width, '0');
  const hours = now.getHours();
  switch (letter) {
    case 'y':
    case 'u':
      return count === 2 ? pad(now.getFullYear() % 100, 2) : pad(now.getFullYear());
    case 'M':
    case 'L':
      if (count === 3) return MONTHS[now.getMonth()].slice(0, 3);
      if (count >= 4) return MONTHS[now.getMonth()];
      return pad(now.getMonth() + 1);
    case 'd':
      return pad(now.getDate());
    case 'D': {
      const start = new Date(now.getFullYear(), 0, 1);
      return pad(Math.floor((now.getTime() - start.getTime()) / 86_400_000) + 1);
    }
    case 'E':
      return count >= 4 ? DAYS[now.getDay()] : DAYS[now.getDay()].slice(0, 3);
    case 'a':
      return hours < 12 ? 'AM' : 'PM';
    case 'H':
      return pad(hours);
    case 'k':
      return pad(hours === 0 ? 24 : hours);
    case 'h':
      return pad(hours % 12 === 0 ? 12 : hours % 12);
    case 'K':
      return pad(hours % 12);
    case 'm':
      return pad(now.getMinutes());
    case 's':
      return pad(now.getSeconds());
    case 'S':
      return String(now.getMilliseconds()).padStart(3, '0').padEnd(count, '0').slice(0, count);
    case 'Z':
    case 'X':
    case 'x': {
      const offset = -now.getTimezoneOffset();
      if (offset === 0 && letter === 'X') return 'Z';
      const sign = offset < 0 ? '-' : '+';
      const abs = Math.abs(offset);
      const hh = String(Math.floor(abs / 60)).padStart(2, '0');
      const mm = String(abs % 60).padStart(2, '0');
      return count >= 3 && letter !== 'Z' ? `${sign}${hh}:${mm}` : `${sign}${hh}${mm}`;
    }
    default:
      return undefined;
  }
}
