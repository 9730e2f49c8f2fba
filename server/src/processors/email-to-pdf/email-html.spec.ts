import { buildEmailPage, formatAddresses, formatSize, formatUtcDate, sanitizeEmailHtml, type EmailPageOptions } from './email-html';
import type { EmailMessage } from './email-message';

const cidUrl = (id: string) => (id === 'logo@x' ? 'cid/0' : undefined);

const message = (overrides: Partial<EmailMessage> = {}): EmailMessage => ({
  subject: 'Hello <world>',
  from: [{ name: 'Ana & Co', address: 'ana@example.com' }],
  to: [{ address: 'bob@example.com' }],
  cc: [{ name: 'Carol', address: 'carol@example.com' }],
  bcc: [{ address: 'hidden@example.com' }],
  date: new Date('2025-01-06T09:05:03Z'),
  parts: [],
  ...overrides,
});

const options = (overrides: Partial<EmailPageOptions> = {}): EmailPageOptions => ({
  includeAllRecipients: true,
  attachments: [],
  maxAttachmentSizeMb: 10,
  cidUrl,
  ...overrides,
});

describe('sanitizeEmailHtml', () => {
  it('removes scripts, handlers, forms, frames, style blocks and head text', () => {
    const html = sanitizeEmailHtml(
      '<html><head><title>T</title><style>p{}</style><meta http-equiv="refresh" content="0;url=http://x"></head><body>' +
        '<p onclick="x()">Hi</p><script>bad()</script><form action="http://x"><input></form><iframe src="http://x"></iframe>' +
        '<object data="http://x"></object><link rel="stylesheet" href="http://x/s.css"><base href="http://x/"></body></html>',
      cidUrl,
    );
    expect(html).toBe('<p>Hi</p>');
  });

  it('points cid: images at the message parts and drops every other image source', () => {
    const html = sanitizeEmailHtml(
      '<img src="cid:logo@x"><img src="CID:missing@x"><img src="http://127.0.0.1/a.png"><img src="file:///etc/passwd">' +
        '<img src="//evil/x.png"><img src="data:image/png;base64,AAAA"><img src="data:text/html,<b>x</b>"><img src="rel.png" srcset="http://x 2x">',
      cidUrl,
    );
    expect(html).toBe('<img src="cid/0" /><img /><img /><img /><img /><img src="data:image/png;base64,AAAA" /><img /><img />');
  });

  it('neutralises url() and image-set() in inline styles, escaped or not', () => {
    const html = sanitizeEmailHtml(
      '<div style="background:url(http://x/a.png);color:red">a</div>' +
        '<div style="background-image:u\\72l(http://x/b.png)">b</div>' +
        '<div style="background:url(\'cid:logo@x\')">c</div>' +
        '<div style="background-image:image-set(&quot;http://x/c.png&quot; 1x)">d</div>' +
        '<td background="http://x/t.png">e</td>',
      cidUrl,
    );
    expect(html).not.toMatch(/http:\/\/x/);
    expect(html).toContain('background:none;color:red');
    expect(html).toContain('url(&quot;cid/0&quot;)');
  });

  it('keeps http(s) and mailto links, drops javascript: ones', () => {
    const html = sanitizeEmailHtml(
      '<a href="https://example.com" target="_blank">w</a><a href="mailto:a@b.c">m</a><a href="javascript:alert(1)">j</a>',
      cidUrl,
    );
    expect(html).toBe('<a href="https://example.com">w</a><a href="mailto:a@b.c">m</a><a>j</a>');
  });
});

describe('buildEmailPage', () => {
  it('writes the subject and header block, escaped, with the date in UTC', () => {
    const page = buildEmailPage(message({ text: 'Body' }), options());
    expect(page).toContain('<title>Hello &lt;world&gt;</title>');
    expect(page).toContain('<h1 class="email-subject">Hello &lt;world&gt;</h1>');
    expect(page).toContain('<tr><th>From:</th><td>Ana &amp; Co &lt;ana@example.com&gt;</td></tr>');
    expect(page).toContain('<tr><th>To:</th><td>bob@example.com</td></tr>');
    expect(page).toContain('<tr><th>Cc:</th><td>Carol &lt;carol@example.com&gt;</td></tr>');
    expect(page).toContain('<tr><th>Bcc:</th><td>hidden@example.com</td></tr>');
    expect(page).toContain('<tr><th>Date:</th><td>Mon, 6 Jan 2025 09:05:03 UTC</td></tr>');
  });

  it('leaves Cc and Bcc out unless all recipients are wanted', () => {
    const page = buildEmailPage(message({ text: 'Body' }), options({ includeAllRecipients: false }));
    expect(page).not.toContain('Cc:');
    expect(page).not.toContain('Bcc:');
  });

  it('prefers the sanitised HTML body, then the escaped text, then says there is none', () => {
    expect(buildEmailPage(message({ html: '<p>Rich</p><script>x</script>', text: 'Plain' }), options())).toContain('<div class="email-body"><p>Rich</p></div>');
    expect(buildEmailPage(message({ html: '<script>only</script>', text: 'a < b' }), options())).toContain('<pre class="email-text">a &lt; b</pre>');
    expect(buildEmailPage(message({ html: ' ', text: '' }), options())).toContain('<p class="email-empty">No content available</p>');
  });

  it('lists attachments with what became of each', () => {
    const page = buildEmailPage(
      message({ text: 'x' }),
      options({
        maxAttachmentSizeMb: 2,
        attachments: [
          { fileName: 'a<b>.txt', contentType: 'text/plain', size: 12, status: 'embedded' },
          { fileName: 'big.bin', contentType: 'application/octet-stream', size: 3 * 1024 * 1024, status: 'too-large' },
          { fileName: 'skip.pdf', contentType: 'application/pdf', size: 2048, status: 'not-requested' },
        ],
      }),
    );
    expect(page).toContain('<h2>Attachments (3)</h2>');
    expect(page).toContain('<td>a&lt;b&gt;.txt</td><td>12 B</td><td>text/plain</td><td>Embedded in this PDF</td>');
    expect(page).toContain('<td>big.bin</td><td>3.0 MB</td><td>application/octet-stream</td><td>Not embedded: larger than 2 MB</td>');
    expect(page).toContain('<td>skip.pdf</td><td>2.0 KB</td><td>application/pdf</td><td>Not embedded</td>');
  });

  it('has no attachment section when there are none', () => {
    expect(buildEmailPage(message({ text: 'x' }), options())).not.toContain('email-attachments"');
  });
});

describe('formatting', () => {
  it('formats addresses, dates and sizes', () => {
    expect(formatAddresses([{ name: 'A', address: 'a@x' }, { address: 'b@x' }, { name: 'c@x', address: 'c@x' }])).toBe('A <a@x>, b@x, c@x');
    expect(formatUtcDate(new Date('2024-12-31T23:59:59-02:00'))).toBe('Wed, 1 Jan 2025 01:59:59 UTC');
    expect(formatSize(1023)).toBe('1023 B');
    expect(formatSize(1536)).toBe('1.5 KB');
  });
});
