import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable, type Transform } from 'node:stream';
import { handWrittenPdf } from '../../test/support/hand-written-pdf';
import { withTempDir } from '../../test/support/pdfs';
import { LzwDecoder, RunLengthDecoder } from './lzw-run-length';

/** Text-like bytes, then a long run of zeros: literal runs, repeats, full LZW tables and their clearing. */
function sample(): Buffer {
  let seed = 7;
  const alphabet = Buffer.from('abcab  xyz\n');
  const text = Buffer.alloc(200_000);
  for (let i = 0; i < text.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    text[i] = alphabet[seed % alphabet.length];
  }
  return Buffer.concat([text, Buffer.alloc(50_000)]);
}

/** `data` through one of Ghostscript's PostScript encoding filters (another program's encoder). */
function ghostscriptEncoded(data: Buffer, filter: string): Buffer {
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'plain.bin'), data);
    const program = `/out (encoded.bin) (w) file ${filter} filter def /in (plain.bin) (r) file def { in 65536 string readstring exch out exch writestring not {exit} if } loop out closefile quit`;
    execFileSync('gs', ['-q', '-dNOSAFER', '-dNODISPLAY', '-c', program], { cwd: dir });
    return readFileSync(join(dir, 'encoded.bin'));
  });
}

/** What qpdf decodes the stream to, stored under `filter` with `parms`. */
function qpdfDecoded(encoded: Buffer, filter: string, parms = ''): Buffer {
  const pdf = handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    Buffer.concat([Buffer.from(`<< /Length ${encoded.length} /Filter ${filter} ${parms} >>\nstream\n`), encoded, Buffer.from('\nendstream')]),
  ]);
  return withTempDir((dir) => {
    writeFileSync(join(dir, 'x.pdf'), pdf);
    return execFileSync('qpdf', ['--show-object=4', '--filtered-stream-data', join(dir, 'x.pdf')], { maxBuffer: 64 * 1024 * 1024 });
  });
}

/** `encoded` through `decoder`, fed in chunks of `chunk` bytes. */
async function decoded(encoded: Buffer, decoder: Transform, chunk = 1000): Promise<Buffer> {
  const pieces = Array.from({ length: Math.ceil(encoded.length / chunk) }, (_, i) => encoded.subarray(i * chunk, (i + 1) * chunk));
  const parts: Buffer[] = [];
  for await (const part of Readable.from(pieces).pipe(decoder)) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('lossless decoders', () => {
  const data = sample();

  it('decode Ghostscript’s LZW, codes widened early (the default) or not, as qpdf does', async () => {
    const early = ghostscriptEncoded(data, '/LZWEncode');
    expect(early.length).toBeLessThan(data.length / 2);
    expect((await decoded(early, new LzwDecoder())).equals(data)).toBe(true);
    expect(qpdfDecoded(early, '/LZWDecode').equals(data)).toBe(true);
    const late = ghostscriptEncoded(data, '<< /EarlyChange 0 >> /LZWEncode');
    expect((await decoded(late, new LzwDecoder(0))).equals(data)).toBe(true);
    expect(qpdfDecoded(late, '/LZWDecode', '/DecodeParms << /EarlyChange 0 >>').equals(data)).toBe(true);
  });

  it('decode Ghostscript’s RunLength, as qpdf does, whatever the chunks', async () => {
    const encoded = ghostscriptEncoded(data, '128 /RunLengthEncode');
    for (const chunk of [1, 7, 65536]) expect((await decoded(encoded, new RunLengthDecoder(), chunk)).equals(data)).toBe(true);
    expect(qpdfDecoded(encoded, '/RunLengthDecode').equals(data)).toBe(true);
  });

  it('end the output where the damage is: a code not in the table, a cut-off run', async () => {
    const lzw = ghostscriptEncoded(data, '/LZWEncode');
    const damaged = Buffer.concat([lzw.subarray(0, 5000), Buffer.alloc(50, 0xff)]);
    const ours = await decoded(damaged, new LzwDecoder());
    expect(ours.length).toBeGreaterThan(5000);
    expect(data.subarray(0, ours.length - 10).equals(ours.subarray(0, ours.length - 10))).toBe(true);
    const rl = ghostscriptEncoded(data, '128 /RunLengthEncode');
    const cut = await decoded(rl.subarray(0, 1000), new RunLengthDecoder());
    expect(data.subarray(0, cut.length).equals(cut)).toBe(true);
  });
});
