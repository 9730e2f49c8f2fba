import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { cbrToPdfTool, cbzToPdfTool } from '@folio/registry';
import { picture, rar4, rar5, zipWithPython } from './support/comic-archives';
import { postTool, type ToolResponse } from './support/http';
import { withTempDir } from './support/pdfs';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';

/**
 * Hostile comic archives (CBZ and CBR): bombs of every kind, names that climb
 * out of the archive, links, locked and damaged archives. Each is answered
 * with a 4xx and a message, quickly, before anything large is decoded or
 * written, and the job leaves nothing behind.
 */
jest.setTimeout(180_000);

/** No hostile archive may hold a request longer than this. */
const QUICK_MS = 30_000;

/** A PNG that declares `width` × `height` pixels: real, 1-bit grey, every row blank (a few hundred KB of deflated zeros). */
function hugePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // grey
  const row = 1 + Math.ceil(width / 8);
  const pixels = deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** A ZIP of `count` tiny entries, written by Python's zipfile (stored, so it is quick). */
function manyEntriesZip(count: number): Buffer {
  return withTempDir((dir) => {
    const script = [
      'import sys, zipfile',
      'with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_STORED) as z:',
      '    for i in range(int(sys.argv[2])): z.writestr(f"p{i}.png", b"x")',
    ].join('\n');
    execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'many.zip'), String(count)]);
    return require('node:fs').readFileSync(join(dir, 'many.zip')) as Buffer;
  });
}

/** A ZIP whose one picture inflates from a few hundred KB to `megabytes` MB of zeros. */
function zipBomb(megabytes: number): Buffer {
  return withTempDir((dir) => {
    const script = [
      'import sys, zipfile',
      'with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:',
      '    with z.open("page1.bmp", "w", force_zip64=True) as f:',
      '        chunk = bytes(1 << 20)',
      '        for _ in range(int(sys.argv[2])): f.write(chunk)',
    ].join('\n');
    execFileSync('/usr/bin/python3', ['-c', script, join(dir, 'bomb.zip'), String(megabytes)]);
    return require('node:fs').readFileSync(join(dir, 'bomb.zip')) as Buffer;
  });
}

/** A stored RAR 4 archive whose one entry declares `declared` bytes unpacked (its header lies; the data is tiny). */
function rarDeclaring(declared: number): Buffer {
  const archive = rar4([['page1.png', picture('png', 10, 10)]]);
  // The file header follows the 7-byte signature and the 13-byte main header; its unpacked size sits 11 bytes in.
  const copy = Buffer.from(archive);
  copy.writeUInt32LE(declared, 7 + 13 + 11);
  const headerSize = copy.readUInt16LE(7 + 13 + 5);
  copy.writeUInt16LE(crc32(copy.subarray(7 + 13 + 2, 7 + 13 + headerSize)) & 0xffff, 7 + 13);
  return copy;
}

describe('Hostile comic archives', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(async () => {
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });

  /** Sends the archive, and checks the answer is a quick 400 with a message. */
  async function expectRefused(endpoint: string, name: string, content: Buffer, detail?: RegExp): Promise<ToolResponse> {
    const started = Date.now();
    const res = await postTool(server, endpoint, [{ name, content }]);
    expect(Date.now() - started).toBeLessThan(QUICK_MS);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/json/);
    if (detail) expect(res.json.detail).toMatch(detail);
    return res;
  }

  it('a ZIP bomb (one picture inflating to 400 MB) is refused as it inflates', async () => {
    await expectRefused(cbzToPdfTool.endpoint, 'bomb.cbz', zipBomb(400), /expands too far|exceed/);
  });

  it('a ZIP of 100,000 entries is refused before any is read', async () => {
    await expectRefused(cbzToPdfTool.endpoint, 'many.cbz', manyEntriesZip(100_000), /more than 10000 entries/);
  });

  it('entry names that climb out of the archive are refused, in a ZIP and in a RAR', async () => {
    const png = picture('png', 10, 10);
    await expectRefused(cbzToPdfTool.endpoint, 'escape.cbz', zipWithPython([['../../escape.png', png]]), /outside the archive/);
    await expectRefused(cbzToPdfTool.endpoint, 'absolute.cbz', zipWithPython([['/etc/escape.png', png]]), /outside the archive/);
    await expectRefused(cbrToPdfTool.endpoint, 'escape.cbr', rar4([['../../escape.png', png]]), /outside the archive/);
  });

  it('a 30,000 × 30,000 PNG is refused from its header, in a ZIP and in a RAR', async () => {
    const bomb = hugePng(30_000, 30_000);
    await expectRefused(cbzToPdfTool.endpoint, 'big.cbz', zipWithPython([['1.png', bomb]]), /30000 × 30000 pixels/);
    await expectRefused(cbrToPdfTool.endpoint, 'big.cbr', rar5([['1.png', bomb]]), /30000 × 30000 pixels/);
  });

  it('PNG pages past what can be decoded in the job’s time are refused from their headers, each under the per-picture budget', async () => {
    // 35 × 36 megapixels: under 40 each and 2,000 together, over the 1,200 the pdf-lib engine decodes in 300 s.
    const page = hugePng(6_000, 6_000);
    const cbz = zipWithPython(Array.from({ length: 35 }, (_, i): [string, Buffer] => [`${i + 1}.png`, page]));
    await expectRefused(cbzToPdfTool.endpoint, 'long.cbz', cbz, /decodes up to 1200 \(JPEG pictures need no decoding\)/);
  });

  it('a RAR whose header declares 300 MB is refused before unpacking', async () => {
    await expectRefused(cbrToPdfTool.endpoint, 'liar.cbr', rarDeclaring(300 * 1024 * 1024), /exceed 256 MB/);
  });

  it('a corrupt RAR, a truncated one and one that only starts like a RAR are refused', async () => {
    const whole = rar5([['1.png', picture('png', 10, 10)]]);
    const damaged = Buffer.from(whole);
    damaged.fill(0x5a, 8, 40);
    await expectRefused(cbrToPdfTool.endpoint, 'corrupt.cbr', damaged);
    await expectRefused(cbrToPdfTool.endpoint, 'short.cbr', whole.subarray(0, 30));
    await expectRefused(cbrToPdfTool.endpoint, 'noise.cbr', Buffer.concat([Buffer.from('Rar!\x1a\x07\x00', 'latin1'), Buffer.alloc(4096, 0xa7)]));
  });

  it('an encrypted RAR is refused with the reason', async () => {
    await expectRefused(cbrToPdfTool.endpoint, 'locked.cbr', rar4([['1.png', picture('png', 10, 10)]], { encrypted: true }), /encrypted/);
  });

  it('a link named like a page is never followed: nothing of the host reaches the answer', async () => {
    const cbr = rar4([['page1.png', '/etc/passwd']], { symlinks: ['page1.png'] });
    const res = await expectRefused(cbrToPdfTool.endpoint, 'link.cbr', cbr, /no pictures/);
    expect(JSON.stringify(res.json)).not.toMatch(/root:/);
  });
});
