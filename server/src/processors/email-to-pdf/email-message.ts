import MsgReader, { type FieldsData } from '@kenjiuno/msgreader';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

/**
 * One shape for a message, whichever file it came from: MIME (.eml, read by
 * mailparser) or Outlook's OLE2 compound file (.msg, read by msgreader).
 */

export interface EmailAddress {
  /** Display name. e.g. 'Ana Pérez' */
  name?: string;
  /** e.g. 'ana@example.com' */
  address?: string;
}

/** A file carried by the message: an attachment, or an image its HTML shows inline. */
export interface EmailPart {
  /** The part's own name, or one made up from its type. e.g. 'invoice.pdf' */
  fileName: string;
  /** e.g. 'image/png' */
  contentType: string;
  content: Buffer;
  /** Content-ID without angle brackets, for `cid:` references. e.g. 'logo@example' */
  contentId?: string;
}

export interface EmailMessage {
  subject: string;
  from: EmailAddress[];
  to: EmailAddress[];
  cc: EmailAddress[];
  bcc: EmailAddress[];
  date?: Date;
  /** The HTML body, unsanitised, as sent. */
  html?: string;
  /** The plain-text body. */
  text?: string;
  parts: EmailPart[];
}

/** The file is not a message this parser can read; `message` is for the visitor. */
export class InvalidEmailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEmailError';
  }
}

// ---------------------------------------------------------------- .eml

const NO_HEADERS = 'The file is not an email message: it has no headers (From, To, Subject...).';

/** Reads a MIME message (any charset and transfer encoding; mailparser decodes both). */
export async function parseEml(bytes: Buffer): Promise<EmailMessage> {
  // mailparser reads anything, binary junk as headers too (a PDF renamed .eml became 36 pages of PDF syntax).
  if (!startsWithHeaders(bytes)) throw new InvalidEmailError(NO_HEADERS);
  let mail: ParsedMail;
  try {
    // keepCidLinks: inline images stay `cid:` references, resolved later against our own parts.
    mail = await simpleParser(bytes, { keepCidLinks: true, skipImageLinks: true, skipTextToHtml: true, skipTextLinks: true });
  } catch (error) {
    throw new InvalidEmailError(`The email could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (mail.headers.size === 0) throw new InvalidEmailError(NO_HEADERS);
  return {
    subject: mail.subject ?? '',
    from: addressesOf(mail.from),
    to: addressesOf(mail.to),
    cc: addressesOf(mail.cc),
    bcc: addressesOf(mail.bcc),
    date: validDate(mail.date),
    html: typeof mail.html === 'string' ? mail.html : undefined,
    text: mail.text,
    parts: mail.attachments.map((attachment, index) => ({
      fileName: attachment.filename || fallbackName(index, attachment.contentType),
      contentType: attachment.contentType || 'application/octet-stream',
      content: attachment.content,
      contentId: bareContentId(attachment.contentId ?? attachment.cid),
    })),
  };
}

/** Bytes and header lines looked at: far more than a message's first header block needs to show its shape. */
const HEAD_BYTES = 64 * 1024;
const HEADER_LINES_CHECKED = 200;
/** An RFC 5322 header field: a name of printable ASCII but the colon, then a colon. e.g. 'Subject: Hi', 'X-Mozilla-Status: 0001' */
const HEADER_FIELD = /^[\x21-\x39\x3b-\x7e]+[ \t]*:/;
/** A header field's continuation: folded lines start with white space. */
const FOLDED = /^[ \t]/;
/** The separator line an mbox file puts before each message, which single-message exports keep. e.g. 'From MAILER-DAEMON Fri Jul  8 12:08:34 2011' */
const MBOX_FROM = /^From /;

/**
 * Whether `bytes` start as a message does (RFC 5322 §2.1): a header block
 * whose lines are all fields or their folded continuations, up to the blank
 * line before the body (or the lines checked). A PDF, a picture or a text
 * note named .eml does not.
 */
export function startsWithHeaders(bytes: Buffer): boolean {
  // Latin-1 keeps every byte one character; a UTF-8 byte order mark reads as three.
  const head = bytes
    .subarray(0, HEAD_BYTES)
    .toString('latin1')
    .replace(/^\xEF\xBB\xBF/, '');
  const lines = head.split(/\r?\n/).slice(0, HEADER_LINES_CHECKED);
  // The last line may be cut off where the bytes looked at end.
  if (lines.length > 1 && bytes.length > HEAD_BYTES) lines.pop();
  if (lines.length > 0 && MBOX_FROM.test(lines[0])) lines.shift();
  if (lines.length === 0 || !HEADER_FIELD.test(lines[0])) return false;
  for (const line of lines) {
    if (line === '') return true;
    if (!HEADER_FIELD.test(line) && !FOLDED.test(line)) return false;
  }
  return true;
}

function addressesOf(field: AddressObject | AddressObject[] | undefined): EmailAddress[] {
  const groups = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const flat = (entries: AddressObject['value']): EmailAddress[] =>
    entries.flatMap((entry) => (entry.group ? flat(entry.group) : [{ name: entry.name || undefined, address: entry.address || undefined }]));
  return groups.flatMap((group) => flat(group.value)).filter((a) => a.name || a.address);
}

// ---------------------------------------------------------------- .msg

/** Reads an Outlook message file. */
export function parseMsg(bytes: Buffer): EmailMessage {
  let reader: MsgReader;
  let fields: FieldsData;
  try {
    reader = new MsgReader(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    fields = reader.getFileData();
  } catch (error) {
    throw new InvalidEmailError(`The Outlook message could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (fields.error) throw new InvalidEmailError(`The Outlook message could not be read: ${fields.error}`);
  if (fields.dataType !== 'msg') throw new InvalidEmailError('The file is not an Outlook message.');

  const recipients = (type: 'to' | 'cc' | 'bcc') =>
    (fields.recipients ?? [])
      // Outlook leaves the type out for plain recipients: they are To.
      .filter((r) => (r.recipType ?? 'to') === type)
      .map((r) => ({ name: r.name || undefined, address: r.smtpAddress || smtpOrUndefined(r.email, r.addressType) }))
      .filter((a) => a.name || a.address);

  const sender: EmailAddress = {
    name: fields.senderName || undefined,
    address: fields.senderSmtpAddress || fields.sentRepresentingSmtpAddress || smtpOrUndefined(fields.senderEmail, fields.senderAddressType),
  };

  return {
    subject: fields.subject ?? '',
    from: sender.name || sender.address ? [sender] : [],
    to: recipients('to'),
    cc: recipients('cc'),
    bcc: recipients('bcc'),
    date: validDate(fields.clientSubmitTime ?? fields.messageDeliveryTime ?? fields.creationTime),
    html: fields.bodyHtml || (fields.html ? decodeCodepage(Buffer.from(fields.html), fields.internetCodepage) : undefined),
    text: fields.body,
    parts: (fields.attachments ?? []).flatMap((attachment, index) => msgPart(reader, attachment, index)),
  };
}

function msgPart(reader: MsgReader, attachment: FieldsData, index: number): EmailPart[] {
  let data: { fileName: string; content: Uint8Array };
  try {
    data = reader.getAttachment(attachment);
  } catch {
    return []; // An attachment whose data stream is missing: nothing to list or embed.
  }
  if (!data?.content) return [];
  const contentType = attachment.attachMimeTag || (attachment.innerMsgContent ? 'application/vnd.ms-outlook' : 'application/octet-stream');
  return [
    {
      fileName: data.fileName || attachment.fileName || attachment.fileNameShort || fallbackName(index, contentType),
      contentType,
      content: Buffer.from(data.content),
      contentId: bareContentId(attachment.pidContentId),
    },
  ];
}

/** Exchange-internal senders carry an X.500 address ('/O=ORG/OU=...'), which is no use to a reader. */
function smtpOrUndefined(address: string | undefined, type: string | undefined): string | undefined {
  if (!address) return undefined;
  return type && type.toUpperCase() !== 'SMTP' && !address.includes('@') ? undefined : address;
}

/** Windows code pages Outlook stores HTML bodies in, by number, as WHATWG encoding labels. */
function decodeCodepage(bytes: Buffer, codepage: number | undefined): string {
  const labels: Record<number, string> = {
    65001: 'utf-8',
    20127: 'us-ascii',
    28591: 'iso-8859-1',
    28592: 'iso-8859-2',
    28605: 'iso-8859-15',
    932: 'shift_jis',
    936: 'gbk',
    949: 'euc-kr',
    950: 'big5',
    51932: 'euc-jp',
    20866: 'koi8-r',
  };
  const label = codepage === undefined ? 'utf-8' : (labels[codepage] ?? (codepage >= 874 && codepage <= 1258 ? `windows-${codepage}` : 'utf-8'));
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

// ---------------------------------------------------------------- shared

function validDate(value: Date | string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `<logo@example>` → `logo@example`. */
function bareContentId(id: string | undefined): string | undefined {
  const bare = id?.trim().replace(/^<|>$/g, '');
  return bare || undefined;
}

function fallbackName(index: number, contentType: string | undefined): string {
  const subtype = /^[a-z]+\/([a-z0-9.+-]+)/i.exec(contentType ?? '')?.[1];
  const extension = subtype && /^[a-z0-9]{1,5}$/i.test(subtype) ? `.${subtype.toLowerCase()}` : '';
  return `attachment-${index + 1}${extension}`;
}
