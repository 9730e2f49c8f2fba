import { execFileSync } from 'node:child_process';
import { annotateTool, signTool } from '@folio/registry';
import { dataUrl, imageRows, reportlabContract } from './support/page-items';
import { pixelBombPng } from './support/html-documents';
import { postTool } from './support/http';
import { leftoversAfterCleanup, startTestServer, type TestServer } from './support/test-server';

jest.setTimeout(120_000);

const TIME_LIMIT_MS = 15_000;

/** ImageMagick 6 writes a picture from its arguments (`-size`, a source, options) as `format`. */
function magick(format: string, ...args: string[]): Buffer {
  return execFileSync('/usr/bin/convert-im6.q16', [...args, `${format}:-`], { maxBuffer: 64 * 1024 * 1024 });
}

/**
 * Pictures placed on pages (Sign's uploaded signature, Add Text and
 * Annotate's images, drawn into the content or as a Stamp's appearance): the
 * page-items engine decodes them with Pillow. Bombs, broken and mislabelled
 * data, and the odd but valid kinds (16-bit, palette with transparency, grey,
 * CMYK and progressive JPEG) each give a 4xx JSON answer or a PDF holding the
 * picture: never a 5xx, never a hang, nothing left behind.
 */
describe('Hostile and unusual pictures on pages', () => {
  let server: TestServer;
  let contract: Buffer;

  beforeAll(async () => {
    server = await startTestServer({ engineTimeoutMs: TIME_LIMIT_MS });
    contract = reportlabContract();
  });
  afterAll(async () => {
    await server.close();
  });
  afterEach(async () => {
    expect(await leftoversAfterCleanup(server)).toEqual([]);
  });

  /** Places the picture with each tool and way of writing it; answers each status, and the PDF of each success. */
  async function placeEverywhere(image: string): Promise<{ status: number; body: Buffer; detail?: string }[]> {
    const item = { kind: 'image', page: 1, x: 72, y: 72, width: 120, height: 60, image };
    const answers = [];
    for (const [endpoint, fields] of [
      [signTool.endpoint, {}],
      [annotateTool.endpoint, {}],
      [annotateTool.endpoint, { flatten: true }],
    ] as const) {
      const started = Date.now();
      const res = await postTool(server, endpoint, [{ name: 'contract.pdf', content: contract }], { items: JSON.stringify([item]), ...fields });
      expect(Date.now() - started).toBeLessThan(TIME_LIMIT_MS + 5_000);
      expect(res.status).toBeLessThan(500);
      answers.push({ status: res.status, body: res.body, detail: res.json?.detail as string | undefined });
    }
    return answers;
  }

  it.each([
    ['a PNG declaring 30000 × 30000 pixels', () => pixelBombPng(30_000, 30_000), 'png', /30000 × 30000 pixels/],
    ['a flat PNG of 5000 × 5000 pixels (small file, 25 megapixels)', () => magick('png', '-size', '5000x5000', 'xc:white'), 'png', /5000 × 5000 pixels/],
    ['a JPEG declaring 65000 × 65000 pixels', () => jpegDeclaring(65_000, 65_000), 'jpeg', /65000 × 65000 pixels/],
    ['a truncated PNG', () => magick('png', '-size', '300x100', 'gradient:red-blue').subarray(0, 200), 'png', /is not a readable picture/],
    ['JPEG bytes sent as a PNG', () => magick('jpeg', '-size', '30x20', 'xc:red'), 'png', /is not a readable PNG picture/],
    ['text sent as a PNG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'png', /is not a readable PNG picture/],
  ] as const)('refuses %s with a 400', async (_name, make, type, message) => {
    for (const answer of await placeEverywhere(dataUrl(make(), type))) {
      expect(answer.status).toBe(400);
      expect(answer.detail).toMatch(message);
    }
  });

  it.each([
    ['a 16-bit PNG with alpha', () => magick('png64', '-size', '60x40', 'xc:rgba(0,128,0,0.5)', '-depth', '16'), 'png', true],
    [
      'a palette PNG with a transparent colour',
      () => magick('png8', '-size', '60x40', 'xc:red', '-fill', 'blue', '-draw', 'rectangle 0,0 29,39', '-transparent', 'red'),
      'png',
      true,
    ],
    ['a grey JPEG', () => magick('jpeg', '-size', '60x40', 'xc:gray50', '-colorspace', 'Gray'), 'jpeg', false],
    ['a CMYK JPEG', () => magick('jpeg', '-size', '60x40', 'xc:red', '-colorspace', 'CMYK'), 'jpeg', false],
    ['a progressive JPEG', () => magick('jpeg', '-size', '60x40', 'gradient:red-blue', '-interlace', 'Plane'), 'jpeg', false],
  ] as const)('places %s', async (_name, make, type, masked) => {
    for (const answer of await placeEverywhere(dataUrl(make(), type))) {
      expect(answer.status).toBe(200);
      const rows = imageRows(answer.body);
      expect(rows.filter((row) => row.type === 'image')).toHaveLength(1);
      expect(rows.some((row) => row.type === 'smask')).toBe(masked);
    }
  });
});

/** A JPEG start and frame header declaring a size, and no picture data. */
function jpegDeclaring(width: number, height: number): Buffer {
  const frame = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
  frame.writeUInt16BE(height, 5);
  frame.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), frame, Buffer.from([0xff, 0xd9])]);
}
