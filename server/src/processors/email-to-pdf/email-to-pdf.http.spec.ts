import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { emailToPdfTool } from '@folio/registry';
import { stopChromium } from '../../engines/chromium';
import { burn } from '@kenjiuno/msgreader/lib/Burner';
import { TypeEnum } from '@kenjiuno/msgreader/lib/Reader';
import { countPixels, renderFirstPage, solidPng } from '../../../test/support/html-documents';
import { postTool, type ToolResponse } from '../../../test/support/http';
import { pageTexts, withTempDir } from '../../../test/support/pdfs';
import { useTestServer } from '../../../test/support/test-server';

jest.setTimeout(120_000);

const ENDPOINT = emailToPdfTool.endpoint;
const WRONG_TYPE = 'Please upload a valid email file (.eml or .msg).';

/** Joins header and body lines with CRLF, as mail on the wire is. */
const crlf = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

const PLAIN_LATIN1 = crlf(
  'From: =?ISO-8859-1?Q?Andr=E9_L=E9vy?= <andre@example.com>',
  'To: =?ISO-8859-1?Q?Zo=EB?= <zoe@example.org>',
  'Cc: Carol <carol@example.net>',
  'Subject: =?ISO-8859-1?Q?Caf=E9_cr=E8me?=',
  'Date: Mon, 06 Jan 2025 10:30:00 +0100',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=ISO-8859-1',
  'Content-Transfer-Encoding: quoted-printable',
  '',
  'Bonjour, le caf=E9 est pr=EAt =E0 neuf heures.',
  'Na=EFve fa=E7ade, soft line =',
  'break joined.',
  '',
);

const ALTERNATIVE = crlf(
  'From: sender@example.com',
  'To: receiver@example.com',
  'Subject: Quarterly numbers',
  'Date: Tue, 07 Jan 2025 08:00:00 +0000',
  'MIME-Version: 1.0',
  'Content-Type: multipart/alternative; boundary="alt"',
  '',
  '--alt',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'PLAIN VERSION SHOULD NOT SHOW',
  '--alt',
  'Content-Type: text/html; charset=utf-8',
  'Content-Transfer-Encoding: base64',
  '',
  Buffer.from(
    '<html><head><title>Hidden title</title><style>p{color:red}</style></head><body><p>Revenue grew <b>twelve</b> percent.</p><script>document.body.innerHTML="SCRIPT RAN"</script></body></html>',
  ).toString('base64'),
  '--alt--',
  '',
);

/** A multipart/related message whose HTML shows a solid blue PNG by `cid:`. */
function relatedWithImage(): Buffer {
  const png = solidPng(200, 120, [20, 60, 230]).toString('base64');
  return crlf(
    'From: designer@example.com',
    'To: client@example.com',
    'Subject: Logo proof',
    'Date: Wed, 08 Jan 2025 12:00:00 +0000',
    'MIME-Version: 1.0',
    'Content-Type: multipart/related; boundary="rel"',
    '',
    '--rel',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<p>Here is the logo:</p><img src="cid:Logo.PNG@example" width="400" height="240">',
    '--rel',
    'Content-Type: image/png; name="logo.png"',
    'Content-Transfer-Encoding: base64',
    'Content-ID: <logo.png@example>',
    'Content-Disposition: inline; filename="logo.png"',
    '',
    png,
    '--rel--',
    '',
  );
}

/** A text message with attachments (name → content). */
function withAttachments(attachments: Record<string, Buffer>): Buffer {
  const parts = Object.entries(attachments).flatMap(([name, content]) => [
    '--mix',
    `Content-Type: application/octet-stream; name="${name}"`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; filename="${name}"`,
    '',
    content.toString('base64').replace(/.{76}/g, '$&\r\n'),
  ]);
  return crlf(
    'From: Sender <sender@example.com>',
    'To: receiver@example.com',
    'Subject: Files for you',
    'Date: Thu, 09 Jan 2025 16:45:00 -0500',
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="mix"',
    '',
    '--mix',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'See the attached files.',
    ...parts,
    '--mix--',
    '',
  );
}

/** An HTML message whose body reaches for the local disk, a local server and the cloud metadata address. */
function hostile(port: number): Buffer {
  const local = `http://127.0.0.1:${port}`;
  const html = [
    '<p>Harmless text</p>',
    '<img src="file:///etc/passwd">',
    `<img src="${local}/pixel.png">`,
    '<img src="http://169.254.169.254/latest/meta-data/">',
    `<img src="//127.0.0.1:${port}/protocol-relative.png">`,
    `<img srcset="${local}/srcset.png 2x">`,
    `<div style="background:url(${local}/bg.png)">styled</div>`,
    `<div style="background-image:u\\72l(${local}/escaped.png)">escaped</div>`,
    `<table background="${local}/table.png"><tr><td>cell</td></tr></table>`,
    `<link rel="stylesheet" href="${local}/style.css">`,
    `<style>@import url("${local}/import.css"); body{background:url(${local}/style-bg.png)}</style>`,
    `<iframe src="${local}/frame"></iframe>`,
    `<object data="${local}/object"></object><embed src="${local}/embed">`,
    `<script>fetch("${local}/script")</script>`,
    `<meta http-equiv="refresh" content="0;url=${local}/redirect">`,
    `<form action="${local}/form"><input name="q"></form>`,
    `<img src="x" onerror="fetch('${local}/onerror')">`,
    `<a href="${local}/link">a link</a>`,
  ].join('\n');
  return crlf(
    'From: attacker@example.com',
    'To: victim@example.com',
    'Subject: Hostile body',
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    '',
  );
}

/** A minimal Outlook .msg (OLE2 compound file) written with msgreader's own CFB writer. */
function outlookMessage(): Buffer {
  const utf16 = (text: string) => Buffer.from(`${text}\0`, 'utf16le');
  const doc = (name: string, data: Buffer) => ({
    name,
    type: TypeEnum.DOCUMENT,
    length: data.length, // A copy: small Buffers share Node's pool, and the writer reads the whole underlying ArrayBuffer.
    binaryProvider: () => new Uint8Array(data),
  });
  const dir = (name: string, children: number[]) => ({ name, type: TypeEnum.DIRECTORY, length: 0, children });
  /** Property stream entry: tag, flags, 8-byte value. */
  const prop = (tag: number, value: Buffer) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt32LE(tag, 0);
    entry.writeUInt32LE(6, 4);
    value.copy(entry, 8);
    return entry;
  };
  const fileTime = (date: Date) => {
    const value = Buffer.alloc(8);
    value.writeBigUInt64LE((BigInt(date.getTime()) + 11644473600000n) * 10000n);
    return value;
  };
  const uint32 = (n: number) => {
    const value = Buffer.alloc(8);
    value.writeUInt32LE(n);
    return value;
  };
  const rootProps = Buffer.concat([Buffer.alloc(32), prop(0x00390040, fileTime(new Date('2025-02-03T04:05:06Z')))]);
  const recipientProps = (type: number) => Buffer.concat([Buffer.alloc(8), prop(0x0c150003, uint32(type))]);
  const attachment = Buffer.from('spreadsheet,data\n1,2\n');

  const entries = [
    { name: 'Root Entry', type: TypeEnum.ROOT, length: 0, children: [1, 2, 3, 4, 5, 6, 7, 10, 13] },
    doc('__properties_version1.0', rootProps), // 1
    doc('__substg1.0_0037001F', utf16('Outlook status report')), // 2
    doc('__substg1.0_0C1A001F', utf16('Olivia Outlook')), // 3
    doc('__substg1.0_5D01001F', utf16('olivia@example.com')), // 4
    doc('__substg1.0_1000001F', utf16('Plain body from Outlook.\nSecond line.')), // 5
    doc('__substg1.0_1013001F', utf16('<html><body><p>HTML body from <i>Outlook</i>.</p></body></html>')), // 6
    dir('__recip_version1.0_#00000000', [8, 9]), // 7
    doc('__substg1.0_3001001F', utf16('Tom To')), // 8
    doc('__substg1.0_39FE001F', utf16('tom@example.com')), // 9
    dir('__recip_version1.0_#00000001', [11, 12]), // 10
    doc('__substg1.0_3001001F', utf16('Cecile Copy')), // 11
    doc('__substg1.0_39FE001F', utf16('cecile@example.com')), // 12
    dir('__attach_version1.0_#00000000', [14, 15, 16]), // 13
    doc('__substg1.0_3707001F', utf16('figures.csv')), // 14
    doc('__substg1.0_37010102', attachment), // 15
    doc('__substg1.0_370E001F', utf16('text/csv')), // 16
  ];
  // Recipient type lives in each recipient's property stream.
  (entries[7] as { children: number[] }).children.push(entries.length);
  entries.push(doc('__properties_version1.0', recipientProps(1)));
  (entries[10] as { children: number[] }).children.push(entries.length);
  entries.push(doc('__properties_version1.0', recipientProps(2)));
  return Buffer.from(burn(entries));
}

function embeddedFileNames(pdf: Buffer): string[] {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    const out = execFileSync('pdfdetach', ['-list', join(dir, 'x.pdf')], { encoding: 'utf8' });
    return out
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .map((line) => line.replace(/^\d+:\s*/, ''));
  });
}

/** All text of a PDF, whitespace collapsed. */
const textOf = (pdf: Buffer) => pageTexts(pdf).join('\n').replace(/\s+/g, ' ');

describe('Email to PDF (/api/v1/convert/eml/pdf)', () => {
  const server = useTestServer();
  afterAll(() => stopChromium());

  const post = (name: string, content: Buffer, fields: Record<string, string | number | boolean> = {}): Promise<ToolResponse> =>
    postTool(server, ENDPOINT, [{ name, content, contentType: 'message/rfc822' }], fields);

  it('prints a plain-text ISO-8859-1 quoted-printable message with its header block', async () => {
    const res = await post('mail.eml', PLAIN_LATIN1);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.fileName).toBe('mail.eml.pdf');
    const text = textOf(res.body);
    expect(text).toContain('Café crème');
    expect(text).toContain('From: André Lévy <andre@example.com>');
    expect(text).toContain('To: Zoë <zoe@example.org>');
    expect(text).toContain('Cc: Carol <carol@example.net>');
    expect(text).toContain('Date: Mon, 6 Jan 2025 09:30:00 UTC');
    expect(text).toContain('Bonjour, le café est prêt à neuf heures.');
    expect(text).toContain('Naïve façade, soft line break joined.');
  });

  it('leaves Cc out when includeAllRecipients is false', async () => {
    const res = await post('mail.eml', PLAIN_LATIN1, { includeAllRecipients: false });
    expect(res.status).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain('From: André Lévy');
    expect(text).not.toContain('carol@example.net');
  });

  it('shows the HTML alternative, without running its script or leaking its head', async () => {
    const res = await post('numbers.eml', ALTERNATIVE);
    expect(res.status).toBe(200);
    const text = textOf(res.body);
    expect(text).toContain('Quarterly numbers');
    expect(text).toContain('Revenue grew twelve percent.');
    expect(text).not.toContain('PLAIN VERSION');
    expect(text).not.toContain('SCRIPT RAN');
    expect(text).not.toContain('Hidden title');
    expect(text).not.toContain('color:red');
  });

  it('shows an inline cid: image from a multipart/related message', async () => {
    const res = await post('logo.eml', relatedWithImage());
    expect(res.status).toBe(200);
    const raster = renderFirstPage(res.body, 50);
    // 400 × 240 CSS px at 50 dpi is about 208 × 125 device pixels of blue.
    expect(countPixels(raster, [20, 60, 230])).toBeGreaterThan(15_000);
    // Shown inline, so not listed as an attachment.
    expect(textOf(res.body)).not.toContain('Attachments');
    expect(embeddedFileNames(res.body)).toEqual([]);
  });

  it('embeds attachments as PDF file attachments and lists them', async () => {
    const res = await post('files.eml', withAttachments({ 'report.txt': Buffer.from('quarterly report'), 'data.csv': Buffer.from('a,b\n1,2\n') }));
    expect(res.status).toBe(200);
    expect(embeddedFileNames(res.body).sort()).toEqual(['data.csv', 'report.txt']);
    const text = textOf(res.body);
    expect(text).toContain('Attachments (2)');
    expect(text).toMatch(/report\.txt 16 B text\/plain Embedded in this PDF/);
    expect(text).toContain('Date: Thu, 9 Jan 2025 21:45:00 UTC');
  });

  it('lists but does not embed attachments over the size limit (reference name maxAttachmentSizeMB)', async () => {
    const big = Buffer.alloc(1.5 * 1024 * 1024, 7);
    const res = await post('files.eml', withAttachments({ 'small.txt': Buffer.from('small'), 'big.bin': big }), { maxAttachmentSizeMB: 1 });
    expect(res.status).toBe(200);
    expect(embeddedFileNames(res.body)).toEqual(['small.txt']);
    expect(textOf(res.body)).toMatch(/big\.bin 1\.5 MB .*Not embedded: larger than 1 MB/);
  });

  it('lists attachments without embedding them when includeAttachments is false', async () => {
    const res = await post('files.eml', withAttachments({ 'report.txt': Buffer.from('quarterly report') }), { includeAttachments: false });
    expect(res.status).toBe(200);
    expect(embeddedFileNames(res.body)).toEqual([]);
    expect(textOf(res.body)).toContain('report.txt');
  });

  it('answers the intermediate HTML with downloadHtml', async () => {
    const res = await post('logo.eml', relatedWithImage(), { downloadHtml: true });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.fileName).toBe('logo.eml.html');
    const html = res.body.toString('utf8');
    expect(html).toContain('<h1 class="email-subject">Logo proof</h1>');
    expect(html).toContain('<tr><th>From:</th><td>designer@example.com</td></tr>');
    expect(html).toContain('<tr><th>Date:</th><td>Wed, 8 Jan 2025 12:00:00 UTC</td></tr>');
    // The inline image travels inside the file.
    expect(html).toMatch(/<img src="data:image\/png;base64,iVBOR[^"]+"/);
  });

  it('reads an Outlook .msg: header block, HTML body and attachment', async () => {
    const res = await postTool(server, ENDPOINT, [{ name: 'status.msg', content: outlookMessage(), contentType: 'application/vnd.ms-outlook' }]);
    expect(res.status).toBe(200);
    expect(res.fileName).toBe('status.msg.pdf');
    const text = textOf(res.body);
    expect(text).toContain('Outlook status report');
    expect(text).toContain('From: Olivia Outlook <olivia@example.com>');
    expect(text).toContain('To: Tom To <tom@example.com>');
    expect(text).toContain('Cc: Cecile Copy <cecile@example.com>');
    expect(text).toContain('Date: Mon, 3 Feb 2025 04:05:06 UTC');
    expect(text).toContain('HTML body from Outlook.');
    expect(embeddedFileNames(res.body)).toEqual(['figures.csv']);
  });

  it.each([
    ['mail.txt', PLAIN_LATIN1],
    ['mail.pdf', PLAIN_LATIN1],
    ['fake.msg', PLAIN_LATIN1],
  ])('refuses %s with the spec message', async (name, content) => {
    const res = await post(name, content);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, detail: WRONG_TYPE });
  });

  it('refuses an .eml that is not an email with a clear 400', async () => {
    const res = await post('notes.eml', Buffer.from('just some notes\nwithout any headers at all\n'));
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/^Invalid email file "notes\.eml": .*no headers/);
  });

  it('refuses a PDF renamed .eml, naming the file, instead of printing its syntax as a message', async () => {
    // ReportLab's user guide, as Debian ships it (python-reportlab-doc, installed for the tests): its streams are
    // ASCII85 text, and mailparser took its comment line '%... ReportLab Generated PDF document http://...' for a header.
    const report = readFileSync('/usr/share/doc/python-reportlab-doc/reportlab-userguide.pdf');
    expect(report.subarray(0, 5).toString()).toBe('%PDF-');
    const res = await post('report.eml', report);
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Invalid email file "report.eml": The file is not an email message: it has no headers (From, To, Subject...).');
  });

  it('refuses a text note named .eml whose first line only looks like a header', async () => {
    const res = await post('note.eml', Buffer.from('Note: buy milk\nand eggs before Friday\n'));
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/^Invalid email file "note\.eml": .*no headers/);
  });

  it('refuses a damaged .msg with a clear 400', async () => {
    const broken = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(600, 0xff)]);
    const res = await post('broken.msg', broken);
    expect(res.status).toBe(400);
    expect(res.json.detail).toMatch(/^Invalid email file "broken\.msg"/);
  });

  it.each(['0', '-1', 'abc'])('refuses maxAttachmentSize %p with the spec message', async (value) => {
    const res = await post('mail.eml', PLAIN_LATIN1, { maxAttachmentSize: value });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe('Maximum attachment size must be greater than 0.');
  });

  describe('hostile bodies', () => {
    let target: Server;
    let port: number;
    const requests: string[] = [];
    beforeAll(async () => {
      target = createServer((req, res) => {
        requests.push(req.url ?? '');
        res.end('fetched');
      });
      await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
      port = (target.address() as AddressInfo).port;
    });
    afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

    it('prints the message and fetches nothing', async () => {
      const res = await post('hostile.eml', hostile(port));
      expect(res.status).toBe(200);
      expect(res.body.subarray(0, 5).toString()).toBe('%PDF-');
      const text = textOf(res.body);
      expect(text).toContain('Harmless text');
      expect(text).not.toContain('root:');
      expect(text).not.toContain('fetched');
      expect(requests).toEqual([]);
    });

    it('keeps no fetching markup in the intermediate HTML', async () => {
      const res = await post('hostile.eml', hostile(port), { downloadHtml: true });
      expect(res.status).toBe(200);
      const html = res.body.toString('utf8');
      const body = html.slice(html.indexOf('<div class="email-body">'));
      expect(body).not.toMatch(/<(script|iframe|object|embed|link|meta|form|input|style)\b/i);
      expect(body).not.toMatch(/file:|169\.254|url\(|image-set/i);
      expect(body).not.toMatch(/\s(srcset|onerror|action)=/i);
      expect(body).not.toMatch(/(src|background)="(?!data:)[^"]+"/i);
      expect(body).toContain(`<a href="http://127.0.0.1:${port}/link">a link</a>`);
      expect(requests).toEqual([]);
    });
  });
});
