/** A PDF date read: the instant it names and the offset from UTC it was written in. */
export interface PdfDate {
  at: Date;
  /** Minutes east of UTC; 0 when the date gives no offset (read as UTC). e.g. 330 for +05'30' */
  offsetMinutes: number;
  /** Every part names a real calendar date and time (no 13th month, no 31 February, no hour 24). */
  valid: boolean;
}

/**
 * A PDF date (PDF 32000 §7.9.4), `D:YYYYMMDDHHmmSSOHH'mm'`, every part after the
 * year optional; undefined when it is none.
 */
export function readPdfDate(text: string): PdfDate | undefined {
  const match = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:([Zz+-])(\d{2})?'?(\d{2})?'?)?/.exec(text.trim());
  if (!match) return undefined;
  const [, year, month = '01', day = '01', hour = '00', minute = '00', second = '00', sign, offsetHours = '00', offsetMinutes = '00'] = match;
  const parts = [year, month, day, hour, minute, second].map(Number);
  const utc = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5]);
  const offset = sign === '+' || sign === '-' ? (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMinutes)) : 0;
  const time = utc - offset * 60_000;
  if (Number.isNaN(time)) return undefined;
  const wall = new Date(utc);
  const read = [wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes(), wall.getUTCSeconds()];
  return { at: new Date(time), offsetMinutes: offset, valid: read.every((part, i) => part === parts[i]) };
}

/** A PDF date's instant; undefined when it is none. */
export function parsePdfDate(text: string): Date | undefined {
  return readPdfDate(text)?.at;
}
