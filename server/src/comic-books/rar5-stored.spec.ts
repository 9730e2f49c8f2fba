import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeStoredRar5 } from './rar5-stored';

/** The archive as The Unarchiver's lsar lists it: the format, and each entry's name, size, method and time. */
function listed(archive: string) {
  const json = JSON.parse(execFileSync('/usr/bin/lsar', ['-j', archive], { encoding: 'utf8' }));
  return {
    format: json.lsarFormatName as string,
    entries: (json.lsarContents as Record<string, unknown>[]).map((e) => ({
      name: e.XADFileName,
      size: e.XADFileSize,
      method: e.RAR5CompressionMethod,
      modified: e.XADLastModificationDate,
    })),
  };
}

describe('writeStoredRar5 (RAR 5, stored)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'rar5-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const file = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };

  it('writes an archive unar lists in order and extracts byte for byte, CRCs checked', async () => {
    // 300 kB of noise crosses the read stream's 64 kB chunks, so the CRC is summed over several.
    const big = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
    const small = Buffer.from('second page');
    const empty = Buffer.alloc(0);
    const archive = join(dir, 'out.cbr');
    const modified = new Date('2024-03-05T06:07:08Z');
    await writeStoredRar5(archive, [
      { path: file('a', big), name: 'page_001.png', modified },
      { path: file('b', small), name: 'page_002.png', modified },
      { path: file('c', empty), name: 'page_003.png', modified },
    ]);

    const { format, entries } = listed(archive);
    expect(format).toBe('RAR 5');
    expect(entries.map((e) => [e.name, e.size, e.method])).toEqual([
      ['page_001.png', 300_000, 0],
      ['page_002.png', 11, 0],
      ['page_003.png', 0, 0],
    ]);
    expect(new Date(String(entries[0].modified).replace(' ', 'T').replace(' ', '')).getTime()).toBe(modified.getTime());

    // unar fails when a data or header CRC does not match; -t tests every entry.
    execFileSync('/usr/bin/lsar', ['-t', archive]);
    const out = join(dir, 'out');
    execFileSync('/usr/bin/unar', ['-q', '-no-directory', '-o', out, archive]);
    expect(readdirSync(out).sort()).toEqual(['page_001.png', 'page_002.png', 'page_003.png']);
    expect(readFileSync(join(out, 'page_001.png')).equals(big)).toBe(true);
    expect(readFileSync(join(out, 'page_002.png')).equals(small)).toBe(true);
    expect(readFileSync(join(out, 'page_003.png'))).toHaveLength(0);
  });

  it('is checked by lsar: one flipped data byte fails the test', async () => {
    const archive = join(dir, 'out.cbr');
    await writeStoredRar5(archive, [{ path: file('x', Buffer.from('hello world')), name: 'p.png' }]);
    const bytes = readFileSync(archive);
    bytes[bytes.indexOf('hello')] ^= 1;
    writeFileSync(archive, bytes);
    expect(() => execFileSync('/usr/bin/lsar', ['-t', archive], { stdio: 'pipe' })).toThrow();
  });

  it('stores a non-ASCII name as UTF-8', async () => {
    const archive = join(dir, 'out.cbr');
    await writeStoredRar5(archive, [{ path: file('x', Buffer.from('é')), name: 'épisode_日本_١.png' }]);
    expect(listed(archive).entries.map((e) => e.name)).toEqual(['épisode_日本_١.png']);
    const out = join(dir, 'out');
    execFileSync('/usr/bin/unar', ['-q', '-no-directory', '-o', out, archive]);
    expect(readFileSync(join(out, 'épisode_日本_١.png'), 'utf8')).toBe('é');
  });

  it('refuses no entries, an empty, a folder-like or a repeated name', async () => {
    const archive = join(dir, 'out.cbr');
    const path = file('x', Buffer.from('x'));
    await expect(writeStoredRar5(archive, [])).rejects.toThrow('at least one entry');
    await expect(writeStoredRar5(archive, [{ path, name: '' }])).rejects.toThrow('Not a flat entry name');
    await expect(writeStoredRar5(archive, [{ path, name: '../evil.png' }])).rejects.toThrow('Not a flat entry name');
    await expect(
      writeStoredRar5(archive, [
        { path, name: 'a.png' },
        { path, name: 'a.png' },
      ]),
    ).rejects.toThrow('used twice');
  });
});
