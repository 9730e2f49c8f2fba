import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileTypeKey } from '@folio/registry';
import { sampleContent } from '../../test/support/sample-files';
import { sniffFileType } from './file-sniffing';

describe('sniffFileType', () => {
  // The first test makes the key material (openssl and keytool's JVM): seconds on a busy machine.
  jest.setTimeout(60_000);

  const KEY_MATERIAL: [FileTypeKey, string][] = [
    ['pkcs12', 'signer.p12'],
    ['jks', 'signer.jks'],
    ['privateKey', 'signer.key'],
    ['certificate', 'signer.crt'],
  ];

  it.each(KEY_MATERIAL)('recognises a %s by its name and content', async (type, name) => {
    const content = await sampleContent(type);
    const png = await sampleContent('png');
    const types = KEY_MATERIAL.map(([key]) => key);
    const dir = mkdtempSync(join(tmpdir(), 'folio-sniff-'));
    try {
      const path = join(dir, name);
      writeFileSync(path, content);
      expect(await sniffFileType(path, name, types)).toBe(type);
      // The right name is not enough: a picture named like a key store is refused.
      writeFileSync(path, png);
      expect(await sniffFileType(path, name, types)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('sniffFileType for SVG', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>';
  const sniff = async (content: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'folio-sniff-'));
    try {
      writeFileSync(join(dir, 'drawing.bin'), content);
      return await sniffFileType(join(dir, 'drawing.bin'), 'drawing.bin', ['png', 'svg']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it.each([
    ['a bare root', svg],
    ['an XML declaration and a stylesheet instruction', `<?xml version="1.0"?>\n<?xml-stylesheet href="a.css"?>\n${svg}`],
    [
      'a comment and an Illustrator-style doctype with an internal subset',
      `<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd" [\n<!ENTITY ns "http://x">\n]>\n${svg}`,
    ],
  ])('recognises %s by its content, whatever the name', async (_, content) => {
    expect(await sniff(content)).toBe('svg');
  });

  it('refuses XML whose root is not <svg>, and HTML holding an SVG', async () => {
    expect(await sniff('<?xml version="1.0"?><html><svg/></html>')).toBeUndefined();
    expect(await sniff('<html><body><svg></svg></body></html>')).toBeUndefined();
  });
});
