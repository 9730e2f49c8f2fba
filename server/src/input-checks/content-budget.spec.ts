import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { handWrittenPdf } from '../../test/support/hand-written-pdf';
import { deflatedZeros } from '../../test/support/hostile-pdfs';
import { encryptPdf, makePdf } from '../../test/support/pdfs';
import { ContentTooLargeError } from '../refusals/input-errors';
import { refuseContentBombs } from './content-budget';
import type { InputFile } from '@folio/registry';
import { Workspace } from '../workspace/workspace';

const MB = 1024 * 1024;

/** A one-page PDF whose content stream is `stream`, stored with `filter`. */
function pdfWithContent(stream: Buffer, filter?: string): Buffer {
  const dict = `<< /Length ${stream.length}${filter ? ` /Filter ${filter}` : ''} >>`;
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    Buffer.concat([Buffer.from(`${dict}\nstream\n`), stream, Buffer.from('\nendstream')]),
  ]);
}

/** A one-page PDF drawing one image that declares `width` × `height` RGB pixels (its data a few zeros). */
function pdfWithImage(width: number, height: number): Buffer {
  const pixels = deflatedZeros(1024, 1);
  const content = 'q 300 0 0 300 72 300 cm /Im1 Do Q';
  return handWrittenPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode /Length ${pixels.length} >>\nstream\n`,
      ),
      pixels,
      Buffer.from('\nendstream'),
    ]),
  ]);
}

describe('refuseContentBombs', () => {
  let dir: string;
  let workspace: Workspace;
  const engine = () => ({ deadline: Date.now() + 60_000, timeLimitMs: 60_000, folder: dir });
  const upload = (content: Buffer): InputFile => {
    const path = join(dir, `upload-${readdirSync(dir).length}.pdf`);
    writeFileSync(path, content);
    return { path, originalName: 'upload.pdf', size: content.length, type: 'pdf' };
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'content-budget-'));
    workspace = new Workspace(dir);
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lets an ordinary document through and leaves nothing behind', async () => {
    await refuseContentBombs(upload(await makePdf(5, { label: 'ordinary' })), 64 * MB, { workspace, engine: engine() });
    expect(readdirSync(dir)).toEqual(['upload-0.pdf']);
  });

  it('refuses a Flate stream that inflates past the budget, counting without keeping it', async () => {
    const bomb = upload(pdfWithContent(deflatedZeros(16 * MB, 64), '/FlateDecode')); // 1 GiB of zeros
    await expect(refuseContentBombs(bomb, 64 * MB, { workspace, engine: engine() })).rejects.toThrow(ContentTooLargeError);
    await expect(refuseContentBombs(bomb, 64 * MB, { workspace, engine: engine() })).rejects.toThrow(/more than 64 MB/);
  }, 30_000);

  it('sees through encryption: an owner-password file is weighed on its decrypted streams', async () => {
    const bomb = pdfWithContent(deflatedZeros(16 * MB, 8), '/FlateDecode'); // 128 MB of zeros
    const encrypted = upload(encryptPdf(bomb, ''));
    await expect(refuseContentBombs(encrypted, 64 * MB, { workspace, engine: engine() })).rejects.toThrow(/more than 64 MB/);
  });

  it('weighs what the budget allows: the same stream passes under a larger one', async () => {
    const file = upload(pdfWithContent(deflatedZeros(1 * MB, 8), '/FlateDecode')); // 8 MB
    await expect(refuseContentBombs(file, 4 * MB, { workspace, engine: engine() })).rejects.toThrow(/more than 4 MB/);
    await refuseContentBombs(file, 16 * MB, { workspace, engine: engine() });
  });

  it('decodes ASCII85 and hex text in front of Flate itself, abbreviated names too', async () => {
    const deflated = deflatedZeros(1 * MB, 8); // 8 MB
    const a85 = execFileSync(
      '/usr/bin/python3',
      ['-c', 'import base64,sys; sys.stdout.buffer.write(base64.a85encode(sys.stdin.buffer.read(), adobe=True)[2:])'],
      { input: deflated },
    );
    const hex = Buffer.from(`${deflated.toString('hex')}>`);
    for (const [stream, filter] of [
      [a85, '[/ASCII85Decode /FlateDecode]'],
      [a85, '[/A85 /Fl]'],
      [hex, '[/ASCIIHexDecode /FlateDecode]'],
    ] as const) {
      const file = upload(pdfWithContent(stream, filter));
      await expect(refuseContentBombs(file, 4 * MB, { workspace, engine: engine() })).rejects.toThrow(/more than 4 MB/);
      await refuseContentBombs(file, 16 * MB, { workspace, engine: engine() });
    }
  });

  it('weighs each image by the pixels it declares, one image at a time', async () => {
    // 6 000 × 4 000 RGB declares 72 MB, 4 000 × 3 000 declares 36 MB.
    await expect(refuseContentBombs(upload(pdfWithImage(6000, 4000)), 64 * MB, { workspace, engine: engine() })).rejects.toThrow(/more than 64 MB/);
    await refuseContentBombs(upload(pdfWithImage(4000, 3000)), 64 * MB, { workspace, engine: engine() });
  });

  it('counts unfiltered streams as stored, and decodes other filters through qpdf', async () => {
    const plain = upload(pdfWithContent(Buffer.alloc(3 * MB, 0x20)));
    await expect(refuseContentBombs(plain, 2 * MB, { workspace, engine: engine() })).rejects.toThrow(/more than 2 MB/);
    // ASCIIHex doubles the stored size: 2 MB of hex digits decode to 1 MB.
    const hex = upload(pdfWithContent(Buffer.from('20'.repeat(1 * MB) + '>'), '/ASCIIHexDecode'));
    await refuseContentBombs(hex, 1.5 * MB, { workspace, engine: engine() });
    await expect(refuseContentBombs(hex, 0.5 * MB, { workspace, engine: engine() })).rejects.toThrow(/more than 1 MB/);
  });
});
