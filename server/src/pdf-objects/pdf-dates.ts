/**
 * A PDF date (PDF 32000 §7.9.4), `D:YYYYMMDDHHmmSSOHH'mm'`, every part after the
 * year optional; undefined when it is none.
 */
export function parsePdfDate(text: string): Date | undefined {
  const match = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(text.trim());
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', sign, offsetHours = '00', offsetMinutes = '00'] = match;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second));
  const offset = sign === '+' || sign === '-' ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) * 60_000 : 0;
  const time = utc - offset;
  return Number.isNaN(time) ? undefined : new Date(time);
}
