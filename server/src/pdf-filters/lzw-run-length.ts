import { Transform, type TransformCallback } from 'node:stream';

/**
 * Streaming decoders for the two lossless filters Node has no decoder for,
 * RunLength and LZW (PDF 32000 §7.4.4–7.4.5), so the content budgets
 * weigh such streams in Node rather than start a qpdf process for each (a
 * few kilobytes of file can hold thousands). Like qpdf's, they stop at their
 * end marker, and damage ends the output where it is. Output goes out in
 * pieces of at most `PIECE` bytes: one input chunk may stand for gigabytes.
 */

const PIECE = 1024 * 1024;

/** Bytes gathered for output, pushed on in pieces. */
class Pieces {
  private readonly buffer = Buffer.allocUnsafe(PIECE);
  private used = 0;

  constructor(private readonly stream: Transform) {}

  byte(value: number): void {
    if (this.used === PIECE) this.flush();
    this.buffer[this.used++] = value;
  }

  flush(): void {
    if (this.used === 0) return;
    // A copy: the buffer is filled again at once.
    this.stream.push(Buffer.from(this.buffer.subarray(0, this.used)));
    this.used = 0;
  }
}

/** RunLength: a length byte n, then n + 1 literal bytes (n < 128) or one byte repeated 257 - n times (n > 128); 128 ends. */
export class RunLengthDecoder extends Transform {
  private readonly out = new Pieces(this);
  /** Literal bytes still to copy, or the count of a run whose byte comes next (negative). */
  private pending = 0;
  private ended = false;

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    for (let i = 0; i < chunk.length && !this.ended && !this.destroyed; i++) {
      const byte = chunk[i];
      if (this.pending > 0) {
        this.out.byte(byte);
        this.pending--;
      } else if (this.pending < 0) {
        for (let n = -this.pending; n > 0; n--) this.out.byte(byte);
        this.pending = 0;
      } else if (byte < 128) this.pending = byte + 1;
      else if (byte > 128) this.pending = -(257 - byte);
      else this.ended = true;
    }
    this.out.flush();
    done();
  }
}

const CLEAR = 256;
const END = 257;
const MAX_CODES = 4096;

/**
 * LZW with variable code widths of 9 to 12 bits, as PDF uses it: 256 clears
 * the table, 257 ends; `earlyChange` 1 (the default) widens codes one code
 * early, 0 when the code table fills the width.
 */
export class LzwDecoder extends Transform {
  private readonly out = new Pieces(this);
  private readonly prefix = new Int16Array(MAX_CODES);
  private readonly suffix = new Uint8Array(MAX_CODES);
  private readonly lengths = new Uint16Array(MAX_CODES);
  private readonly word = new Uint8Array(MAX_CODES);
  private next = END + 1;
  private width = 9;
  private previous = -1;
  private bits = 0;
  private bitCount = 0;
  private ended = false;

  constructor(private readonly earlyChange: 0 | 1 = 1) {
    super();
    for (let code = 0; code < 256; code++) {
      this.prefix[code] = -1;
      this.suffix[code] = code;
      this.lengths[code] = 1;
    }
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    for (let i = 0; i < chunk.length && !this.ended && !this.destroyed; i++) {
      this.bits = ((this.bits << 8) | chunk[i]) & 0xfffff;
      this.bitCount += 8;
      while (this.bitCount >= this.width && !this.ended) {
        this.bitCount -= this.width;
        this.decode((this.bits >>> this.bitCount) & ((1 << this.width) - 1));
      }
    }
    this.out.flush();
    done();
  }

  private decode(code: number): void {
    if (code === CLEAR) {
      [this.next, this.width, this.previous] = [END + 1, 9, -1];
      return;
    }
    if (code === END) {
      this.ended = true;
      return;
    }
    // A code not yet in the table may only be the one about to be added (the KwKwK case).
    const known = code < 256 || (code > END && code < this.next);
    if (!known && !(code === this.next && this.previous >= 0)) {
      this.ended = true;
      return;
    }
    const length = known ? this.spell(code) : this.spell(this.previous) + 1;
    if (!known) this.word[length - 1] = this.word[0];
    for (let i = 0; i < length; i++) this.out.byte(this.word[i]);
    if (this.previous >= 0 && this.next < MAX_CODES) {
      this.prefix[this.next] = this.previous;
      this.suffix[this.next] = this.word[0];
      this.lengths[this.next] = this.lengths[this.previous] + 1;
      this.next++;
      if (this.next + this.earlyChange >= 1 << this.width && this.width < 12) this.width++;
    }
    this.previous = code;
  }

  /** Writes the string a code stands for into `word`; answers its length. */
  private spell(code: number): number {
    const length = this.lengths[code];
    for (let at = length - 1, c = code; at >= 0; at--, c = this.prefix[c]) this.word[at] = this.suffix[c];
    return length;
  }
}
