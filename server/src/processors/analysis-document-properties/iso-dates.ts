import { readPdfDate } from '../../pdf-objects/pdf-dates';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A PDF date as ISO-8601 text in the offset it was written in, as
 * `pdfinfo -isodates` writes it: 'D:20250106100000+05'30'' → '2025-01-06T10:00:00+05:30',
 * a date without offset or at UTC with 'Z'. Null when it is no date, or names
 * none that exists (a 13th month).
 */
export function isoDate(text: string): string | null {
  const date = readPdfDate(text);
  if (!date?.valid) return null;
  const wall = new Date(date.at.getTime() + date.offsetMinutes * 60_000);
  const day = `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  const time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
  const offset = Math.abs(date.offsetMinutes);
  const zone = date.offsetMinutes === 0 ? 'Z' : `${date.offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(offset / 60))}:${pad(offset % 60)}`;
  return `${day}T${time}${zone}`;
}
