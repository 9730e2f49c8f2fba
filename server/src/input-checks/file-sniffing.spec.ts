import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileTypeKey } from '@folio/registry';
import { sampleContent } from '../../test/support/sample-files';
import { sniffFileType } from './file-sniffing';

describe('sniffFileType', () => {
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
