import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Readable, type Transform } from 'node:stream';
import { Ascii85Decoder, AsciiHexDecoder } from './ascii-filters';

/** Decodes `text` fed in chunks of `size` bytes, so groups split across chunks are exercised. */
async function decode(decoder: Transform, text: string | Buffer, size = 7): Promise<Buffer> {
  const input = Buffer.from(text);
  const chunks = Array.from({ length: Math.ceil(input.length / size) }, (_, i) => input.subarray(i * size, (i + 1) * size));
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(decoder)) out.push(chunk as Buffer);
  return Buffer.concat(out);
}

/** Python's own encoders, an independent writer of both formats. */
function pythonEncode(kind: 'a85' | 'hex', data: Buffer): string {
  const script =
    kind === 'a85'
      ? 'import base64,sys; sys.stdout.write(base64.a85encode(sys.stdin.buffer.read(), wrapcol=64, adobe=True).decode()[2:])'
      : 'import sys; sys.stdout.write(sys.stdin.buffer.read().hex(" ", 8) + ">")';
  return execFileSync('/usr/bin/python3', ['-c', script], { input: data }).toString();
}

describe('ASCII85', () => {
  it('decodes what Python encodes, whatever the length (partial last groups, z for zeros, line breaks)', async () => {
    for (const length of [0, 1, 2, 3, 4, 5, 97, 1000]) {
      const data = Buffer.concat([randomBytes(length), Buffer.alloc(length % 9)]);
      expect(await decode(new Ascii85Decoder(), pythonEncode('a85', data))).toEqual(data);
    }
  });

  it('stops at the end marker and at a character outside the alphabet', async () => {
    expect((await decode(new Ascii85Decoder(), 'F*2M7/c~>garbage')).toString()).toBe('sure.');
    expect((await decode(new Ascii85Decoder(), '9jqo^{{{')).toString()).toBe('Man ');
  });
});

describe('ASCIIHex', () => {
  it('decodes what Python encodes, spaces ignored, and pads a lone last digit', async () => {
    const data = randomBytes(301);
    expect(await decode(new AsciiHexDecoder(), pythonEncode('hex', data))).toEqual(data);
    expect(await decode(new AsciiHexDecoder(), '41 4 >')).toEqual(Buffer.from([0x41, 0x40]));
    expect(await decode(new AsciiHexDecoder(), '4142>4344')).toEqual(Buffer.from('AB'));
  });
});
