import type { changeMetadataTool, Entry, ToolParams } from '@folio/registry';
import { InvalidInputError } from '../../refusals/input-errors';
import { textOf } from '../../pdf-objects/pdf-objects';
import { forUpdate, jsonName, nameOfJsonKey } from './json-names';
import type { XmpValues } from './xmp-packet';

/**
 * The new document information dictionary, in qpdf's JSON form, from the
 * request and the old dictionary. Unlike the reference, which replaces the
 * standard entries, the request patches them: a field left out keeps the
 * document's entry, the reference's literal `undefined` removes it
 * (docs/compatibility.md). Custom entries the document has stay unless the
 * request names them.
 */

/** The standard fields of the tool, as the schema parses them. */
type StandardFields = Pick<
  ToolParams<typeof changeMetadataTool>,
  'title' | 'author' | 'subject' | 'keywords' | 'creator' | 'producer' | 'creationDate' | 'modificationDate' | 'trapped'
>;

/** What the request asks of one standard entry: `undefined` leaves it as it is, `null` removes it, a value replaces it. */
export type Change<T> = T | null | undefined;

/** The request's standard values, dates as typed (yyyy/MM/dd HH:mm:ss), and its custom entries. */
export type InfoRequest = { [K in keyof StandardFields]?: Change<NonNullable<StandardFields[K]>> } & { custom?: readonly Entry[] };

/** Messages for a date that is not a date, per field. */
export interface DateMessages {
  creationDate: string;
  modificationDate: string;
}

/** The dictionary's standard text keys, by the field that sets each. */
const TEXT_KEYS = { title: '/Title', author: '/Author', subject: '/Subject', keywords: '/Keywords', creator: '/Creator', producer: '/Producer' } as const;
const DATE_KEYS = { creationDate: '/CreationDate', modificationDate: '/ModDate' } as const;

/** The dictionary's standard keys, which only the standard fields set. */
const STANDARD_KEYS: readonly string[] = [...Object.values(TEXT_KEYS), ...Object.values(DATE_KEYS), '/Trapped'];

/**
 * Names a custom entry may not take: the tool's own fields (the reference's
 * `allRequestParams` map holds every request parameter, so it skips them) and
 * the dictionary's standard keys, which are set through those fields.
 */
const IGNORED_CUSTOM_KEYS = new Set(
  [
    'title',
    'author',
    'subject',
    'keywords',
    'creator',
    'producer',
    'creationDate',
    'modificationDate',
    'modDate',
    'trapped',
    'deleteAll',
    'allRequestParams',
    'fileInput',
    'fileId',
  ].map((k) => k.toLowerCase()),
);

/** PDF names longer than this are refused by readers that keep to the implementation limits (ISO 32000-1, Annex C). */
const MAX_NAME_BYTES = 127;
const MAX_CUSTOM_VALUE = 10_000;

/** Packet values: what changes (for a packet being edited) and what the whole new dictionary says (for a new packet). */
export interface MirroredValues {
  changed: Omit<XmpValues, 'metadataDate'>;
  whole: Omit<XmpValues, 'metadataDate'>;
}

/** The new dictionary, and the values the XMP packet mirrors. Throws InvalidInputError for a bad date or custom key. */
export function buildDocumentInfo(
  old: Readonly<Record<string, unknown>> | undefined,
  request: InfoRequest,
  messages: DateMessages,
): { info: Record<string, unknown> } & MirroredValues {
  const dateOf = (field: keyof typeof DATE_KEYS) => {
    const value = request[field];
    return typeof value === 'string' ? parseRequestDate(value, messages[field]) : value;
  };
  const creation = dateOf('creationDate');
  const modification = dateOf('modificationDate');
  const custom = customEntries(request.custom ?? []);

  const info: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(old ?? {})) info[forUpdate(key) as string] = forUpdate(value);
  const apply = (key: string, change: Change<unknown>) => {
    if (change === null) delete info[key];
    else if (change !== undefined) info[key] = change;
  };
  for (const [field, key] of Object.entries(TEXT_KEYS)) {
    const value = request[field as keyof typeof TEXT_KEYS];
    apply(key, typeof value === 'string' ? `u:${value}` : value);
  }
  apply(DATE_KEYS.creationDate, creation && `u:${creation.pdf}`);
  apply(DATE_KEYS.modificationDate, modification && `u:${modification.pdf}`);
  apply('/Trapped', request.trapped && `/${request.trapped}`);
  for (const { key, value } of custom) {
    const name = jsonName(key);
    if (value === '') delete info[name];
    else info[name] = `u:${value}`;
  }

  // The packet mirrors the custom entries the dictionary ends up with that hold text.
  const mirroredCustom = Object.entries(info).flatMap(([name, value]) => {
    const text = STANDARD_KEYS.includes(name) ? undefined : textOf(value);
    return text === undefined ? [] : [{ key: nameOfJsonKey(name), value: text }];
  });
  const textAt = (key: string) => textOf(info[key]);
  const trappedAt = () => {
    const name = info['/Trapped'];
    return name === '/True' || name === '/False' || name === '/Unknown' ? (name.slice(1) as NonNullable<StandardFields['trapped']>) : undefined;
  };
  return {
    info,
    changed: {
      title: request.title,
      author: request.author,
      subject: request.subject,
      keywords: request.keywords,
      creator: request.creator,
      producer: request.producer,
      creationDate: creation && creation.xmp,
      modificationDate: modification && modification.xmp,
      trapped: request.trapped,
      custom: mirroredCustom,
    },
    whole: {
      title: textAt('/Title'),
      author: textAt('/Author'),
      subject: textAt('/Subject'),
      keywords: textAt('/Keywords'),
      creator: textAt('/Creator'),
      producer: textAt('/Producer'),
      creationDate: xmpDateOf(textAt('/CreationDate')),
      modificationDate: xmpDateOf(textAt('/ModDate')),
      trapped: trappedAt(),
      custom: mirroredCustom,
    },
  };
}

/**
 * A PDF date (`D:YYYYMMDDHHmmSSOHH'mm'`, every part after the year optional) as
 * XMP writes it, or undefined when it is not one. e.g. D:20240102030405+01'00' → 2024-01-02T03:04:05+01:00
 */
export function xmpDateOf(pdfDate: string | undefined): string | undefined {
  const match = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:(Z)|([+-])(\d{2})'?(\d{2})?'?)?/.exec(pdfDate?.trim() ?? '');
  if (!match) return undefined;
  const [, year, month, day, hour, minute, second, zulu, sign, offsetHours, offsetMinutes] = match;
  if (!month) return year;
  if (!day) return `${year}-${month}`;
  if (!hour) return `${year}-${month}-${day}`;
  const zone = zulu ? 'Z' : sign ? `${sign}${offsetHours}:${offsetMinutes ?? '00'}` : '';
  return `${year}-${month}-${day}T${hour}:${minute ?? '00'}:${second ?? '00'}${zone}`;
}

/**
 * The request's custom entries that count, checked: names of the tool's fields
 * are skipped (as the reference does), a name a PDF name cannot hold is refused.
 */
function customEntries(entries: readonly Entry[]): Entry[] {
  const kept: Entry[] = [];
  for (const entry of entries) {
    const key = entry.key.trim();
    if (key === '' || IGNORED_CUSTOM_KEYS.has(key.toLowerCase())) continue;
    const shown = JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);
    // A PDF name holds any byte but NUL (others escaped as #xx); control characters are refused as the typing mistakes they are.
    if (/[\u0000-\u001F\u007F]/.test(key)) throw new InvalidInputError(`Custom key ${shown} contains a control character, which a PDF name cannot hold.`);
    if (/[\uD800-\uDFFF]/.test(key.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '')))
      throw new InvalidInputError(`Custom key ${shown} is not valid Unicode text.`);
    if (Buffer.byteLength(key, 'utf8') > MAX_NAME_BYTES)
      throw new InvalidInputError(`Custom key ${shown} is longer than ${MAX_NAME_BYTES} bytes, the most a PDF name may hold.`);
    if (entry.value.length > MAX_CUSTOM_VALUE) throw new InvalidInputError(`The value of custom key ${shown} may be at most ${MAX_CUSTOM_VALUE} characters.`);
    kept.push({ key, value: entry.value });
  }
  return kept;
}

/** A date the way a PDF and an XMP packet write it. e.g. D:20240102030405+01'00' and 2024-01-02T03:04:05+01:00 */
export interface WrittenDate {
  pdf: string;
  xmp: string;
}

/**
 * Reads the reference's `yyyy/MM/dd HH:mm:ss` (one-digit parts accepted, as its
 * parser does) in the server's time zone (`offsetAt` gives its offset in
 * minutes east of UTC at a local time). Unlike the reference, which drops a
 * date it cannot read, a date that is not one is refused with `message`.
 */
export function parseRequestDate(text: string, message: string, offsetAt: (local: Date) => number = (local) => -local.getTimezoneOffset()): WrittenDate {
  const match = /^\s*(\d{4})\/(\d{1,2})\/(\d{1,2})\s+(\d{1,2}):(\d{1,2}):(\d{1,2})\s*$/.exec(text);
  if (!match) throw new InvalidInputError(message);
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth || hour > 23 || minute > 59 || second > 59) throw new InvalidInputError(message);
  const local = new Date(year, month - 1, day, hour, minute, second);
  local.setFullYear(year);
  const offset = offsetAt(local);
  const sign = offset < 0 ? '-' : '+';
  const two = (n: number) => String(n).padStart(2, '0');
  const [oh, om] = [two(Math.floor(Math.abs(offset) / 60)), two(Math.abs(offset) % 60)];
  const digits = `${String(year).padStart(4, '0')}${two(month)}${two(day)}${two(hour)}${two(minute)}${two(second)}`;
  return {
    pdf: `D:${digits}${sign}${oh}'${om}'`,
    xmp: `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}${sign}${oh}:${om}`,
  };
}

/** The current time as an XMP date in the server's time zone. */
export function xmpNow(now = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const offset = -now.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}T${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}${sign}${two(Math.floor(Math.abs(offset) / 60))}:${two(Math.abs(offset) % 60)}`;
}
