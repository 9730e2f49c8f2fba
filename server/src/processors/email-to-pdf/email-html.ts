import sanitizeHtml from 'sanitize-html';
import type { EmailAddress, EmailMessage } from './email-message';
import { escapeHtml } from '../../html-documents/html-text';

/**
 * The page an email is printed from: subject heading, header table, body,
 * attachment list. Pure functions; the body's HTML is sanitised here so that
 * nothing in it can run or reach anything but the message's own parts.
 */

/** What became of one attachment. */
export type AttachmentStatus = 'embedded' | 'too-large' | 'not-requested';

export interface ListedAttachment {
  fileName: string;
  contentType: string;
  size: number;
  status: AttachmentStatus;
}

export interface EmailPageOptions {
  /** Show Cc and Bcc (the reference's `includeAllRecipients`). */
  includeAllRecipients: boolean;
  attachments: readonly ListedAttachment[];
  /** The size limit the `too-large` ones exceeded, in MB. e.g. 10 */
  maxAttachmentSizeMb: number;
  /** Where the body's `cid:` reference to this Content-ID points, or undefined when the message has no such part. */
  cidUrl: (contentId: string) => string | undefined;
}

/** The whole HTML document for a message. */
export function buildEmailPage(message: EmailMessage, options: EmailPageOptions): string {
  const subject = message.subject.trim() || '(no subject)';
  const rows: [string, string][] = [
    ['From', formatAddresses(message.from)],
    ['To', formatAddresses(message.to)],
  ];
  if (options.includeAllRecipients) {
    if (message.cc.length > 0) rows.push(['Cc', formatAddresses(message.cc)]);
    if (message.bcc.length > 0) rows.push(['Bcc', formatAddresses(message.bcc)]);
  }
  rows.push(['Date', message.date ? formatUtcDate(message.date) : '']);

  return [
    '<!DOCTYPE html>',
    '<html><head><meta charset="utf-8">',
    `<title>${escapeHtml(subject)}</title>`,
    `<style>${PAGE_CSS}</style>`,
    '</head><body>',
    `<h1 class="email-subject">${escapeHtml(subject)}</h1>`,
    '<table class="email-headers">',
    ...rows.map(([label, value]) => `<tr><th>${label}:</th><td>${escapeHtml(value)}</td></tr>`),
    '</table>',
    `<div class="email-body">${bodyHtml(message, options.cidUrl)}</div>`,
    attachmentList(options.attachments, options.maxAttachmentSizeMb),
    '</body></html>',
  ].join('\n');
}

const PAGE_CSS = [
  'body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; font-size: 11pt; color: #111; margin: 0; }',
  'h1.email-subject { font-size: 16pt; margin: 0 0 8pt; word-wrap: break-word; }',
  'table.email-headers { border-collapse: collapse; margin-bottom: 12pt; width: 100%; border-bottom: 1px solid #999; }',
  'table.email-headers th { text-align: left; vertical-align: top; padding: 2pt 8pt 2pt 0; width: 1%; white-space: nowrap; }',
  'table.email-headers td { padding: 2pt 0; word-break: break-word; }',
  '.email-body { overflow-wrap: break-word; }',
  '.email-body img { max-width: 100%; height: auto; }',
  '.email-text { white-space: pre-wrap; font-family: "DejaVu Sans Mono", monospace; font-size: 10pt; margin: 0; }',
  '.email-empty { color: #666; font-style: italic; }',
  '.email-attachments { margin-top: 16pt; border-top: 1px solid #999; padding-top: 8pt; }',
  '.email-attachments h2 { font-size: 12pt; margin: 0 0 6pt; }',
  '.email-attachments table { border-collapse: collapse; width: 100%; font-size: 10pt; }',
  '.email-attachments th, .email-attachments td { text-align: left; padding: 2pt 6pt 2pt 0; border-bottom: 1px solid #ddd; word-break: break-word; }',
].join('\n');

function bodyHtml(message: EmailMessage, cidUrl: EmailPageOptions['cidUrl']): string {
  if (message.html?.trim()) {
    const clean = sanitizeEmailHtml(message.html, cidUrl);
    if (clean.trim()) return clean;
  }
  if (message.text?.trim()) return `<pre class="email-text">${escapeHtml(message.text)}</pre>`;
  return '<p class="email-empty">No content available</p>';
}

function attachmentList(attachments: readonly ListedAttachment[], maxMb: number): string {
  if (attachments.length === 0) return '';
  const status = (a: ListedAttachment) =>
    a.status === 'embedded' ? 'Embedded in this PDF' : a.status === 'too-large' ? `Not embedded: larger than ${maxMb} MB` : 'Not embedded';
  return [
    '<div class="email-attachments">',
    `<h2>Attachments (${attachments.length})</h2>`,
    '<table><tr><th>Name</th><th>Size</th><th>Type</th><th>In PDF</th></tr>',
    ...attachments.map(
      (a) => `<tr><td>${escapeHtml(a.fileName)}</td><td>${formatSize(a.size)}</td><td>${escapeHtml(a.contentType)}</td><td>${status(a)}</td></tr>`,
    ),
    '</table></div>',
  ].join('\n');
}

// ---------------------------------------------------------------- sanitising

const ALLOWED_TAGS = [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center', 'big', 'tt', 'strike', 'del', 'ins', 'u', 's'];

const COMMON_ATTRIBUTES = ['style', 'align', 'valign', 'width', 'height', 'bgcolor', 'color', 'dir', 'lang', 'title', 'class', 'border'];

/**
 * The body with no scripts, event handlers, forms, frames, stylesheets or
 * `<style>` blocks, and no URL that would fetch anything: images may point
 * only at the message's own parts (`cid:`, rewritten by `cidUrl`) or at data:
 * URIs; links keep http(s) and mailto targets (printing does not follow them).
 */
export function sanitizeEmailHtml(html: string, cidUrl: EmailPageOptions['cidUrl']): string {
  const imageSource = (src: string | undefined): string | undefined => {
    const value = src?.trim() ?? '';
    if (/^cid:/i.test(value)) return cidUrl(decodeCid(value.slice(4)));
    if (/^data:image\//i.test(value)) return value;
    return undefined;
  };
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: {
      '*': COMMON_ATTRIBUTES,
      a: ['href', 'name'],
      img: ['src', 'alt'],
      font: ['face', 'size'],
      table: ['cellpadding', 'cellspacing', 'background'],
      td: ['colspan', 'rowspan', 'nowrap', 'background'],
      th: ['colspan', 'rowspan', 'nowrap', 'background'],
      ol: ['start', 'type'],
      ul: ['type'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    // Relative URLs are our own asset paths (cid/<n>); the rest were removed by the transform below.
    allowedSchemesAppliedToAttributes: ['href', 'cite'],
    allowProtocolRelative: false,
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'head', 'xml'],
    transformTags: {
      '*': (tagName, attribs) => {
        const out: sanitizeHtml.Attributes = { ...attribs };
        if (out.style !== undefined) out.style = scrubCss(out.style, imageSource);
        if (out.background !== undefined) {
          const source = imageSource(out.background);
          if (source === undefined) delete out.background;
          else out.background = source;
        }
        if (tagName === 'img') {
          const source = imageSource(out.src);
          if (source === undefined) delete out.src;
          else out.src = source;
        }
        return { tagName, attribs: out };
      },
    },
  });
}

/**
 * Inline CSS with every `url(...)` and `image-set(...)` that is not the
 * message's own part or a data: image replaced by `none`.
 */
function scrubCss(style: string, imageSource: (src: string) => string | undefined): string {
  return (
    style
      // CSS escapes (`u\72l(`) could spell `url(` in a way the patterns below would not see: decode them first.
      .replace(/\\([0-9a-f]{1,6})\s?/gi, (_all, hex: string) => String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff) || 0xfffd))
      .replace(/\\(.)/g, '$1')
      .replace(/image-set\([^)]*\)/gi, 'none')
      .replace(/url\(\s*(['"]?)(.*?)\1\s*\)/gi, (_all, _quote, target: string) => {
        const source = imageSource(target);
        return source === undefined ? 'none' : `url("${source.replace(/["\\\n]/g, '')}")`;
      })
      .replace(/@import/gi, '')
  );
}

/** A `cid:` reference's Content-ID, percent-decoded where it can be. */
export function decodeCid(raw: string): string {
  try {
    return decodeURIComponent(raw.trim());
  } catch {
    return raw.trim();
  }
}

// ---------------------------------------------------------------- formatting

/** `Ana <ana@example.com>, bob@example.com` */
export function formatAddresses(addresses: readonly EmailAddress[]): string {
  return addresses.map(({ name, address }) => (name && address && name !== address ? `${name} <${address}>` : (name ?? address ?? ''))).join(', ');
}

/** e.g. 'Mon, 6 Jan 2025 09:05:00 UTC' */
export function formatUtcDate(date: Date): string {
  const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${days[date.getUTCDay()]}, ${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC`
  );
}

/** e.g. 512 B, 12.3 KB, 4.5 MB */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
