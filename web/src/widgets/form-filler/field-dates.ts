/**
 * Dates in a form field's own format (Acrobat's AFDate formats: d, dd, m, mm,
 * mmm, mmmm, yy, yyyy, anything else written as is), to and from the
 * yyyy-mm-dd a date input holds. Formats with a time are left to a text box.
 */

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const TOKEN = /yyyy|yy|mmmm|mmm|mm|m|dd|d/g;

/** Whether the page can offer a date picker for this format: days, months and years only. */
export function isPlainDateFormat(format: string): boolean {
  return /[dmy]/.test(format) && !/[hHMst]/.test(format.replace(TOKEN, ''));
}

/** '2024-03-07' in 'dd/mm/yyyy' → '07/03/2024'; undefined for an ISO text that is no date. */
export function formatFieldDate(iso: string, format: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const parts: Record<string, string> = {
    yyyy: String(year).padStart(4, '0'),
    yy: String(year % 100).padStart(2, '0'),
    mmmm: MONTHS[month - 1],
    mmm: MONTHS[month - 1].slice(0, 3),
    mm: String(month).padStart(2, '0'),
    m: String(month),
    dd: String(day).padStart(2, '0'),
    d: String(day),
  };
  return format.replace(TOKEN, (token) => parts[token]);
}

/** A field's text read back by its format → 'yyyy-mm-dd', or undefined when it does not read as a date of that format. */
export function parseFieldDate(text: string, format: string): string | undefined {
  const tokens: string[] = [];
  const pattern = format.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(TOKEN, (token) => {
    tokens.push(token);
    return token === 'mmmm' || token === 'mmm' ? '([A-Za-z]+)' : token.length === 4 ? '(\\d{4})' : token.length === 2 ? '(\\d{2})' : '(\\d{1,2})';
  });
  const match = new RegExp(`^${pattern}$`).exec(text.trim());
  if (!match) return undefined;
  let [year, month, day] = [NaN, NaN, 1];
  tokens.forEach((token, i) => {
    const part = match[i + 1];
    if (token === 'yyyy') year = Number(part);
    else if (token === 'yy') year = 2000 + Number(part);
    else if (token === 'mmmm' || token === 'mmm') month = MONTHS.findIndex((name) => name.toLowerCase().startsWith(part.toLowerCase().slice(0, 3))) + 1;
    else if (token.startsWith('m')) month = Number(part);
    else day = Number(part);
  });
  if (!(year > 0 && month >= 1 && month <= 12 && day >= 1 && day <= 31)) return undefined;
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  // 31/02 is no date: the calendar must agree.
  const check = new Date(`${iso}T00:00:00Z`);
  return check.getUTCDate() === day ? iso : undefined;
}
