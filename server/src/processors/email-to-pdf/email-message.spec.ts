import { InvalidEmailError, parseEml, parseMsg } from './email-message';

const eml = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'latin1');

describe('parseEml', () => {
  it('decodes encoded-word headers, address groups and a base64 UTF-8 body', async () => {
    const message = await parseEml(
      eml(
        'From: =?UTF-8?B?SsO8cmdlbg==?= <jurgen@example.de>',
        'To: Team: a@example.com, B <b@example.com>;',
        'Cc: c@example.com',
        'Bcc: d@example.com',
        'Subject: =?UTF-8?Q?=C3=9Cbersicht?=',
        'Date: Fri, 10 Jan 2025 23:30:00 -0800',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('Grüße aus Köln').toString('base64'),
      ),
    );
    expect(message.subject).toBe('Übersicht');
    expect(message.from).toEqual([{ name: 'Jürgen', address: 'jurgen@example.de' }]);
    expect(message.to).toEqual([{ address: 'a@example.com' }, { name: 'B', address: 'b@example.com' }]);
    expect(message.cc).toEqual([{ address: 'c@example.com' }]);
    expect(message.bcc).toEqual([{ address: 'd@example.com' }]);
    expect(message.date?.toISOString()).toBe('2025-01-11T07:30:00.000Z');
    expect(message.text?.trim()).toBe('Grüße aus Köln');
    expect(message.html).toBeUndefined();
  });

  it('keeps cid: references and gives inline parts their bare Content-ID', async () => {
    const message = await parseEml(
      eml(
        'From: a@example.com',
        'Content-Type: multipart/related; boundary="b"',
        '',
        '--b',
        'Content-Type: text/html',
        '',
        '<img src="cid:pic@x">',
        '--b',
        'Content-Type: image/gif',
        'Content-ID: <pic@x>',
        'Content-Transfer-Encoding: base64',
        '',
        'R0lGODlhAQABAAAAACw=',
        '--b--',
      ),
    );
    expect(message.html).toContain('cid:pic@x');
    expect(message.parts).toHaveLength(1);
    expect(message.parts[0]).toMatchObject({ contentId: 'pic@x', contentType: 'image/gif' });
    expect(message.parts[0].fileName).toMatch(/\S/);
  });

  it('reads a message saved with its mailbox separator line, a byte order mark or folded headers', async () => {
    const message = await parseEml(
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        eml('From MAILER-DAEMON Fri Jul  8 12:08:34 2011', 'From: a@example.com', 'Subject: A long', ' folded subject', '', 'Body'),
      ]),
    );
    expect(message.subject).toBe('A long folded subject');
    expect(message.text?.trim()).toBe('Body');
  });

  it('refuses bytes whose first lines are not all header fields', async () => {
    await expect(parseEml(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\n', 'latin1'))).rejects.toThrow(InvalidEmailError);
    await expect(parseEml(Buffer.from('Note: buy milk\nand eggs\n'))).rejects.toThrow(InvalidEmailError);
    await expect(parseEml(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]))).rejects.toThrow(InvalidEmailError);
  });

  it('refuses text with no headers', async () => {
    await expect(parseEml(Buffer.from('hello\nworld\n'))).rejects.toThrow(InvalidEmailError);
    await expect(parseEml(Buffer.alloc(0))).rejects.toThrow(InvalidEmailError);
  });
});

describe('parseMsg', () => {
  it('refuses bytes that are not a compound file', () => {
    expect(() => parseMsg(Buffer.from('not an outlook message at all'))).toThrow(InvalidEmailError);
  });
  // A real .msg is read end to end in server/test/email-to-pdf.spec.ts (built with msgreader's CFB writer).
});
