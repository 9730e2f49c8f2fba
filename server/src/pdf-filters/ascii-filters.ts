import { Transform, type TransformCallback } from 'node:stream';

/**
 * Streaming decoders for PDF's two text encodings of binary data (PDF 32000
 * §7.4.2–7.4.3), so the content budget can weigh `/ASCII85Decode /FlateDecode`
 * streams in Node rather than start a qpdf process for each: old PostScript
 * drivers wrote every stream that way, hundreds per file. Both stop quietly at
 * their end marker; damage ends the output where it is, as viewers read it.
 */

const isWhite = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

/** Base-85, five characters ('!'..'u') per four bytes, 'z' for four zeros, '~>' at the end. */
export class Ascii85Decoder extends Transform {
  private readonly group: number[] = [];
  private ended = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const out: number[] = [];
    for (const byte of chunk) {
      if (this.ended) break;
      if (isWhite(byte)) continue;
      if (byte === 0x7e /* ~ */) {
        this.ended = true;
        break;
      }
      if (byte === 0x7a /* z */ && this.group.length === 0) {
        out.push(0, 0, 0, 0);
        continue;
      }
      if (byte < 0x21 || byte > 0x75) {
        this.ended = true;
        break;
      }
      this.group.push(byte - 0x21);
      if (this.group.length === 5) {
        out.push(...Ascii85Decoder.bytesOf(this.group, 4));
        this.group.length = 0;
      }
    }
    done(null, Buffer.from(out));
  }

  override _flush(done: TransformCallback): void {
    // A last group of n characters stands for n - 1 bytes, padded with 'u'.
    const count = this.group.length;
    if (count > 1) {
      while (this.group.length < 5) this.group.push(84);
      done(null, Buffer.from(Ascii85Decoder.bytesOf(this.group, count - 1)));
    } else done();
  }

  private static bytesOf(group: readonly number[], take: number): number[] {
    const value = group.reduce((sum, digit) => sum * 85 + digit, 0) >>> 0;
    return [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff].slice(0, take);
  }
}

/** Two hex digits per byte, white space ignored, '>' at the end (a lone last digit is followed by 0). */
export class AsciiHexDecoder extends Transform {
  private high: number | undefined;
  private ended = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    const out: number[] = [];
    for (const byte of chunk) {
      if (this.ended) break;
      if (isWhite(byte)) continue;
      const digit = hexValue(byte);
      if (digit === undefined) {
        this.ended = true;
        break;
      }
      if (this.high === undefined) this.high = digit;
      else {
        out.push(this.high * 16 + digit);
        this.high = undefined;
      }
    }
    done(null, Buffer.from(out));
  }

  override _flush(done: TransformCallback): void {
    done(null, this.high === undefined ? undefined : Buffer.from([this.high * 16]));
  }
}

function hexValue(byte: number): number | undefined {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x41 + 10;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x61 + 10;
  return undefined;
}
