import { describe, expect, it } from '@jest/globals';
import { readableName } from './distinguished-name';

/** The hex of a DER string: tag, short length, content. */
const der = (tag: number, text: string) => {
  const content = Buffer.from(text, 'utf8');
  return Buffer.concat([Buffer.from([tag, content.length]), content]).toString('hex');
};

describe('a certificate name on the page', () => {
  it('shows the e-mail address as pdfsig does, the rest as the answer has it', () => {
    // The answer for a certificate OpenSSL made with -subj "/C=IN/O=Folio, Ltd/CN=Asha Rao/emailAddress=asha.rao@example.org";
    // pdfsig says of it: E=asha.rao@example.org,CN=Asha Rao,O="Folio, Ltd",C=IN
    const answer = '1.2.840.113549.1.9.1=#1614617368612e72616f406578616d706c652e6f7267,CN=Asha Rao,O=Folio\\, Ltd,C=IN';
    expect(readableName(answer)).toBe('E=asha.rao@example.org,CN=Asha Rao,O=Folio\\, Ltd,C=IN');
  });

  it('reads an address stored as UTF8String, anywhere in the name, and escapes it like the other values', () => {
    expect(readableName(`CN=Jürgen,1.2.840.113549.1.9.1=#${der(0x0c, 'jürgen@example.de')}`)).toBe('CN=Jürgen,E=jürgen@example.de');
    expect(readableName(`OU=QA+1.2.840.113549.1.9.1=#${der(0x16, 'a+b@example.org')}`)).toBe('OU=QA+E=a\\+b@example.org');
  });

  it('leaves alone what it has no keyword for, what is not one text string, and escaped text that looks like an attribute', () => {
    const serial = `2.5.4.5=#${der(0x13, '1234')},CN=Asha`;
    expect(readableName(serial)).toBe(serial);
    const integer = '1.2.840.113549.1.9.1=#020101,CN=Asha';
    expect(readableName(integer)).toBe(integer);
    const cut = '1.2.840.113549.1.9.1=#1614617368,CN=Asha';
    expect(readableName(cut)).toBe(cut);
    const escaped = `CN=x\\,1.2.840.113549.1.9.1=#${der(0x16, 'a@b.c')}`;
    expect(readableName(escaped)).toBe(escaped);
  });
});
